import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUESTIONS } from '../../src/core/questions.ts';
import { TEST_MODE_NAME } from '../../src/core/progress.ts';
import { MemoryStorage } from '../support/memory-storage.ts';
import { api, offline } from '../support/fake-api.ts';

vi.stubGlobal('localStorage', new MemoryStorage());
vi.spyOn(console, 'error').mockImplementation(() => {});
vi.spyOn(console, 'warn').mockImplementation(() => {});

const quiz = await import('../../src/stores/quiz.ts');
const { $progress } = await import('../../src/stores/progress.ts');
const { openShareLink } = await import('../../src/stores/share.ts');
const trail = await import('../../src/stores/trail.ts');
const { readPending } = await import('../../src/lib/outbox.ts');

const KEY = 'myc.map-trail.v1';
const PATH = [0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1];

/** A quiz taken to its end, and its save tried. */
async function takeQuiz(name: string, path = PATH): Promise<void> {
  quiz.resetAll();
  quiz.startQuiz();
  quiz.submitName(name);
  for (const [q, a] of path.entries()) quiz.chooseAnswer(QUESTIONS[q]!.answers[a]!.text);
  await api.settled();
}

const kept = () => JSON.parse(localStorage.getItem(KEY) ?? '[]') as { id: string; code: string; secret?: string }[];
let stop: () => void;

beforeEach(() => {
  // Saves go nowhere here: each waits in the outbox, as a visitor offline sees, and the trail keeps the result all the same.
  api.on.submitResponse = offline;
  localStorage.removeItem(KEY);
  stop?.();
  // The results screen listens while it is shown.
  stop = trail.$trail.listen(() => {});
});

afterAll(() => vi.unstubAllGlobals());

describe("the visitor's map over time", () => {
  it("keeps each of the visitor's finished results once, and shows the ones before as earlier", async () => {
    await takeQuiz('Sam');
    const first = $progress.get().submissionId;
    expect(kept().map((r) => r.id)).toEqual([first]);
    expect(kept()[0]?.code).toBe(PATH.join(''));
    expect(trail.$earlierResults.get()).toEqual([]);

    await takeQuiz('Sam', [4, 3, 2, 1, 0, 4, 3, 2, 1, 0, 3, 4]);
    const second = $progress.get().submissionId;
    expect(kept().map((r) => r.id)).toEqual([first, second]);
    expect(trail.$earlierResults.get().map((r) => r.id)).toEqual([first]);

    // The same result shown again (a reload restores it) is not kept twice.
    quiz.restoreProgress($progress.get());
    await api.settled();
    expect(kept()).toHaveLength(2);
  });

  it('keeps each result with the very secret its save was sent with, so that this browser can take it back', async () => {
    await takeQuiz('Sam');
    const { submissionId } = $progress.get();
    const sent = readPending().find((s) => s.submission_id === submissionId);
    expect(sent?.withdrawal_secret).toMatch(/^[0-9a-f]{64}$/);
    expect(kept().find((r) => r.id === submissionId)?.secret).toBe(sent?.withdrawal_secret);
    expect(trail.keptSecretOf(submissionId!)).toBe(sent?.withdrawal_secret);
  });

  it('keeps a result left at once (Start over before its save began): it is saved, so it can be taken back', async () => {
    quiz.resetAll();
    quiz.startQuiz();
    quiz.submitName('Sam');
    for (const [q, a] of PATH.entries()) quiz.chooseAnswer(QUESTIONS[q]!.answers[a]!.text);
    const { submissionId } = $progress.get();
    quiz.resetAll();
    await api.settled();
    const sent = readPending().find((s) => s.submission_id === submissionId);
    expect(sent).toBeDefined();
    expect(kept().find((r) => r.id === submissionId)?.secret).toBe(sent?.withdrawal_secret);
  });

  it('shows a kept result again from the intro, with its answers and id, and keeps it once', async () => {
    await takeQuiz('Sam');
    const { submissionId, answers } = $progress.get();
    quiz.resetAll();
    const last = trail.$trail.get().at(-1)!;
    expect(last.id).toBe(submissionId);
    quiz.showKeptResult(last);
    await api.settled();
    expect($progress.get()).toMatchObject({ screen: 'results', name: '', submissionId });
    expect($progress.get().answers.map((a) => a.answerText)).toEqual(answers.map((a) => a.answerText));
    expect(kept().filter((r) => r.id === submissionId)).toHaveLength(1);
  });

  it('keeps nothing from test mode, and nothing from a shared result', async () => {
    await takeQuiz(TEST_MODE_NAME);
    expect(quiz.$screen.get()).toBe('results');
    expect(kept()).toEqual([]);
    expect(openShareLink(`?r=${PATH.join('')}&n=Rhea`)).toBe(true);
    expect(quiz.$screen.get()).toBe('results');
    expect(kept()).toEqual([]);
    expect(trail.$earlierResults.get()).toEqual([]);
  });

  it('forgets the earlier results, keeping the one on screen, and hides the trail', async () => {
    await takeQuiz('Sam');
    await takeQuiz('Sam');
    trail.showTrail(true);
    expect(trail.$earlierResults.get()).toHaveLength(1);
    trail.forgetEarlierResults();
    expect(trail.$earlierResults.get()).toEqual([]);
    expect(trail.$trailShown.get()).toBe(false);
    expect(kept().map((r) => r.id)).toEqual([$progress.get().submissionId]);
  });
});
