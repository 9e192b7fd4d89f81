import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { stubWindowEvents } from '../support/browser-stub.ts';
import {
  answer,
  ANSWER_SHARES,
  answerTexts,
  api,
  offline,
  PUBLISHED_BATCH,
  refuse,
  RESPONSE_STATS,
  useFakeApi,
} from '../support/fake-api.ts';
import { MemoryStorage } from '../support/memory-storage.ts';
import { PATH_A } from '../support/random-answers.ts';
import { QUESTIONS } from '../../src/core/questions.ts';
import { resultShares } from '../../src/core/scoring.ts';
import { totalsOf } from '../../src/core/totals.ts';
import { VALUES, type Value } from '../../src/core/values.ts';

const quiz = await import('../../src/stores/quiz.ts');
const { $progress } = await import('../../src/stores/progress.ts');
const results = await import('../../src/stores/results.ts');
const shown = await import('../../src/stores/finished.ts');
const outbox = await import('../../src/lib/outbox.ts');

function answerAll(texts: string[]): void {
  for (const t of texts) quiz.chooseAnswer(t);
}

useFakeApi(() => quiz.resetAll());

describe("a finished quiz's life: its save and its comparison", () => {
  it('test mode ("123") stores nothing but still shows results and the comparison', async () => {
    quiz.startQuiz();
    quiz.submitName('123');
    expect(quiz.$isTestMode.get()).toBe(true);
    answerAll(answerTexts(PATH_A));
    await api.settled();
    expect(quiz.$screen.get()).toBe('results');
    expect(api.argsOf('submitResponse')).toEqual([]);
    expect(outbox.readPending()).toEqual([]);
    expect(shown.$finished.get().phase).toBe('test-mode');
    expect(results.$comparison.get().status).toBe('ready');
  });

  it('a failed save logs "Error saving final scores", shows results, and is sent once on retry', async () => {
    api.on.submitResponse = offline;
    quiz.startQuiz();
    quiz.submitName('Retry');
    answerAll(answerTexts(PATH_A));
    await api.settled();
    expect(quiz.$screen.get()).toBe('results');
    expect(shown.$finished.get()).toEqual({
      phase: 'queued',
      submissionId: $progress.get().submissionId,
      reason: 'unreachable',
    });
    expect(console.error).toHaveBeenCalledWith('Error saving final scores', expect.anything());
    expect(outbox.readPending()).toHaveLength(1);

    api.restore('submitResponse');
    expect(await outbox.sendPending()).toBe(1);
    expect(await outbox.sendPending()).toBe(0);
    expect(api.argsOf('submitResponse')).toHaveLength(2);
    expect(api.rows.map((s) => s.name)).toEqual(['Retry']);
    expect(outbox.readPending()).toEqual([]);
  });

  it('a comparison that could not be fetched has failed, and is fetched once the network is back', async () => {
    const browser = stubWindowEvents();
    try {
      api.on.fetchResponseStats = offline;
      quiz.startQuiz();
      quiz.submitName('123');
      answerAll(answerTexts(PATH_A));
      await api.settled();
      expect(results.$comparison.get()).toEqual({ status: 'failed' });
      expect(console.error).toHaveBeenCalledWith(
        'Error fetching comparison data',
        expect.objectContaining({ status: 0 }),
      );

      api.restore('fetchResponseStats');
      browser.dispatchEvent(new Event('online'));
      await api.settled();
      expect(results.$comparison.get()).toEqual({
        status: 'ready',
        data: { count: 3, mean: { love: 0.5, duty: 0.25, honor: 0.4, reason: 0.6 } },
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a comparison with no one to compare with is empty, not failed', async () => {
    api.on.fetchResponseStats = answer({ count: 0, love: null, duty: null, honor: null, reason: null, batch: 0 });
    quiz.startQuiz();
    quiz.submitName('123');
    answerAll(answerTexts(PATH_A));
    await api.settled();
    expect(results.$comparison.get()).toEqual({ status: 'empty' });
  });

  it('Start over forgets a comparison still on its way', async () => {
    quiz.startQuiz();
    quiz.submitName('123');
    answerAll(answerTexts(PATH_A));
    quiz.resetAll();
    await api.settled();
    expect(results.$comparison.get()).toEqual({ status: 'loading' });
    expect(shown.$finished.get().phase).toBe('none');
  });

  it('asks for the average only once the save has settled, so that it includes the visitor', async () => {
    const release = api.hold('submitResponse');
    quiz.startQuiz();
    quiz.submitName('Patient');
    answerAll(answerTexts(PATH_A));
    await api.settled();
    expect(shown.$finished.get().phase).toBe('saving');
    expect(results.$comparison.get()).toEqual({ status: 'loading' });
    expect(api.calls.map((c) => c.fn)).toEqual(['submitResponse']);

    release();
    await api.settled();
    expect(shown.$finished.get().phase).toBe('saved');
    expect(api.calls.map((c) => c.fn)).toEqual(['submitResponse', 'fetchResponseStats', 'fetchAnswerShares']);
    expect(results.$comparison.get().status).toBe('ready');
  });

  it('a save that settles after Start over lands nowhere: nothing compared, nothing shown', async () => {
    const release = api.hold('submitResponse');
    quiz.startQuiz();
    quiz.submitName('Gone');
    answerAll(answerTexts(PATH_A));
    const { submissionId } = $progress.get();
    await api.settled();
    expect(shown.$finished.get()).toEqual({ phase: 'saving', submissionId });
    quiz.resetAll();
    release();
    await api.settled();
    expect(api.rows.map((s) => s.submission_id)).toEqual([submissionId]);
    expect(outbox.readPending()).toEqual([]);
    expect(shown.$finished.get()).toEqual({ phase: 'none' });
    expect(api.calls.map((c) => c.fn)).toEqual(['submitResponse']);
    expect(results.$comparison.get()).toEqual({ status: 'loading' });
  });

  it('answers changed after finishing replace the saved result: the earlier one is withdrawn with its secret', async () => {
    // The trail keeps each result's secret in localStorage, as a browser does.
    vi.stubGlobal('localStorage', new MemoryStorage());
    onTestFinished(() => void vi.unstubAllGlobals());
    quiz.startQuiz();
    quiz.submitName('Changed');
    const texts = answerTexts(PATH_A);
    answerAll(texts);
    await api.settled();
    const first = $progress.get();
    const firstSecret = api.rows[0]!.withdrawal_secret;
    // Back from the results onto the last question, as the browser's Back does.
    quiz.restoreProgress({ ...first, screen: 'question', answers: first.answers.slice(0, -1), submissionId: null });
    const last = QUESTIONS[QUESTIONS.length - 1]!;
    quiz.chooseAnswer(last.answers.find((a) => a.text !== texts[texts.length - 1])!.text);
    await api.settled();
    const second = $progress.get().submissionId;
    expect(second).not.toBe(first.submissionId);
    expect(api.argsOf('withdrawResponse')).toEqual([[first.submissionId, firstSecret]]);
    expect(api.rows.map((s) => s.submission_id)).toEqual([second]);
    expect(results.$replacedEarlier.get()).toBe(true);
  });

  it('a save that waited and went later settles the screen and brings the comparison', async () => {
    api.on.submitResponse = offline;
    quiz.startQuiz();
    quiz.submitName('Late');
    answerAll(answerTexts(PATH_A));
    await api.settled();
    const { submissionId } = $progress.get();
    expect(shown.$finished.get()).toEqual({ phase: 'queued', submissionId, reason: 'unreachable' });
    // Compared at once without the visitor, then again once the save has gone.
    expect(api.argsOf('fetchResponseStats')).toHaveLength(1);

    api.restore('submitResponse');
    expect(await outbox.sendPending()).toBe(1);
    await api.settled();
    expect(shown.$finished.get()).toEqual({ phase: 'saved', submissionId });
    expect(api.argsOf('fetchResponseStats')).toHaveLength(2);
    expect(results.$comparison.get()).toEqual({
      status: 'ready',
      data: { count: 3, mean: { love: 0.5, duty: 0.25, honor: 0.4, reason: 0.6 } },
    });
  });

  it("settles the result's phase in one order, through a late save and through a save refused for good", async () => {
    const phases: string[] = [];
    // Each screen change clears the result first ('none'); what matters is the order of the save's phases.
    const stop = shown.$finished.listen((f) => f.phase !== 'none' && phases.push(f.phase));
    try {
      api.on.submitResponse = offline;
      quiz.startQuiz();
      quiz.submitName('Late');
      answerAll(answerTexts(PATH_A));
      await api.settled();
      api.restore('submitResponse');
      await outbox.sendPending();
      await api.settled();
      expect(phases).toEqual(['saving', 'queued', 'saved']);

      phases.length = 0;
      quiz.resetAll();
      api.on.submitResponse = refuse({ message: 'malformed', code: '22023', status: 400 });
      quiz.startQuiz();
      quiz.submitName('Refused');
      answerAll(answerTexts(PATH_A));
      await api.settled();
      expect(phases).toEqual(['saving', 'rejected']);
      expect(outbox.readPending()).toEqual([]);
    } finally {
      stop();
    }
  });

  it("adds the visitor's own save to the average and the shares until its batch is out, and then reads it from the site alone", async () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    onTestFinished(() => void vi.unstubAllGlobals());
    // The site stores the save and says the next batch will publish it.
    api.on.submitResponse = async (input) => {
      api.rows.push(structuredClone(input));
      return { batch: PUBLISHED_BATCH + 1 };
    };
    quiz.startQuiz();
    quiz.submitName('Waiting');
    answerAll(answerTexts(PATH_A));
    await api.settled();
    const answers = quiz.$answers.get();
    const mine = resultShares(totalsOf(answers));
    const { count, batch: _batch, ...published } = RESPONSE_STATS;
    const withMe = Object.fromEntries(
      VALUES.map((v) => [v, (published[v]! * count + mine[v]) / (count + 1)]),
    ) as Record<Value, number>;
    expect(results.$comparison.get()).toEqual({ status: 'ready', data: { count: count + 1, mean: withMe } });
    const first = QUESTIONS[0]!;
    const chosen = answers.find((a) => a.questionId === first.id)!.answerText;
    const shares = results.$answerShares.get();
    expect(shares.status === 'ready' && shares.data[0]).toEqual({
      question_id: first.id,
      total: 4,
      answers: ANSWER_SHARES[0]!.answers.map((a) => {
        const n = a.count + (a.answer_text === chosen ? 1 : 0);
        return { ...a, count: n, share: n / 4 };
      }),
    });

    // Its batch is out: the site's figures hold the save, and the screen adds nothing more.
    const out = { ...RESPONSE_STATS, count: count + 1, ...withMe, batch: PUBLISHED_BATCH + 1 };
    api.on.fetchResponseStats = answer(out);
    results.compare();
    await api.settled();
    expect(results.$comparison.get()).toEqual({ status: 'ready', data: { count: count + 1, mean: withMe } });
  });
});
