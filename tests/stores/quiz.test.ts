import { describe, expect, it, vi } from 'vitest';
import { QUESTIONS } from '../../src/core/questions.ts';
import { totalsOf } from '../../src/core/totals.ts';
import { zeroScores } from '../../src/core/values.ts';
import { ANSWER_SHARES, answerTexts, api, offline, useFakeApi } from '../support/fake-api.ts';
import { PATH_A } from '../support/random-answers.ts';

const quiz = await import('../../src/stores/quiz.ts');
const { $progress } = await import('../../src/stores/progress.ts');
const results = await import('../../src/stores/results.ts');
const shown = await import('../../src/stores/finished.ts');
const shared = await import('../../src/stores/share.ts');
const overlays = await import('../../src/stores/overlays.ts');
const outbox = await import('../../src/lib/outbox.ts');

function answerAll(texts: string[]): void {
  for (const t of texts) quiz.chooseAnswer(t);
}

useFakeApi(() => quiz.resetAll());

describe('quiz store', () => {
  it('walks intro, name, questions and results, adding each answer to the totals', async () => {
    expect(quiz.$screen.get()).toBe('intro');
    quiz.startQuiz();
    expect(quiz.$screen.get()).toBe('name');
    quiz.submitName('  Ada  ');
    expect(quiz.$name.get()).toBe('Ada');
    expect(quiz.$screen.get()).toBe('question');
    expect(quiz.$questionIndex.get()).toBe(0);

    const texts = answerTexts(PATH_A);
    quiz.chooseAnswer(texts[0]!);
    expect(quiz.$totals.get()).toEqual(QUESTIONS[0]!.answers[0]!.scores);
    expect(quiz.$questionIndex.get()).toBe(1);
    answerAll(texts.slice(1));

    const expected = totalsOf(PATH_A.map((a, q) => QUESTIONS[q]!.answers[a]!));
    expect(quiz.$screen.get()).toBe('results');
    expect(quiz.$totals.get()).toEqual(expected);
    expect(quiz.$answers.get().map((a) => a.questionId)).toEqual(QUESTIONS.map((q) => q.id));

    await api.settled();
    expect(api.rows).toHaveLength(1);
    const sent = api.rows[0]!;
    expect(sent.name).toBe('Ada');
    expect(sent.submission_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.answers).toEqual(QUESTIONS.map((q, i) => ({ question_id: q.id, answer_text: texts[i] })));
    // Seconds per question are kept in the store and never sent.
    expect(JSON.stringify(sent)).not.toContain('seconds');
    expect(shown.$finished.get().phase).toBe('saved');
    expect(results.$comparison.get()).toEqual({
      status: 'ready',
      data: { count: 3, mean: { love: 0.5, duty: 0.25, honor: 0.4, reason: 0.6 } },
    });
    expect(results.$answerShares.get()).toEqual({ status: 'ready', data: ANSWER_SHARES });
  });

  it('takes a name that cleans to "123" as test mode, as the database would store it, and saves nothing', async () => {
    quiz.startQuiz();
    quiz.submitName('123\u200b');
    expect(quiz.$name.get()).toBe('123');
    expect(quiz.$isTestMode.get()).toBe(true);
    answerAll(answerTexts(PATH_A));
    await api.settled();
    expect(api.rows).toEqual([]);
  });

  it('sends an empty name as null', async () => {
    quiz.startQuiz();
    quiz.submitName('   ');
    answerAll(answerTexts(PATH_A));
    await api.settled();
    expect(api.rows.map((s) => s.name)).toEqual([null]);
  });

  it('records the seconds spent on each question', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    quiz.startQuiz();
    quiz.submitName('');
    vi.advanceTimersByTime(2500);
    quiz.chooseAnswer(answerTexts(PATH_A)[0]!);
    vi.advanceTimersByTime(4000);
    quiz.chooseAnswer(answerTexts(PATH_A)[1]!);
    expect(quiz.$answers.get().map((a) => a.seconds)).toEqual([2.5, 4]);
  });

  it('goBack on question 2 subtracts the last answer and drops it and its timing', () => {
    quiz.startQuiz();
    quiz.submitName('');
    quiz.chooseAnswer(answerTexts(PATH_A)[0]!);
    const q2 = QUESTIONS[1]!;
    // Question 2, then something on it, then back: totals are those after question 1.
    const afterFirst = quiz.$totals.get();
    quiz.chooseAnswer(q2.answers[4]!.text);
    expect(quiz.$totals.get()).not.toEqual(afterFirst);
    quiz.goBack();
    expect(quiz.$totals.get()).toEqual(afterFirst);
    expect(quiz.$answers.get()).toHaveLength(1);
    expect(quiz.$questionIndex.get()).toBe(1);
    quiz.goBack();
    expect(quiz.$totals.get()).toEqual(zeroScores());
    expect(quiz.$questionIndex.get()).toBe(0);
    expect(() => quiz.goBack()).toThrow(/first question/);
    expect(quiz.$questionIndex.get()).toBe(0);
  });

  it('a finished quiz shown again (reload, Forward) is not saved twice; one still waiting is sent once', async () => {
    quiz.startQuiz();
    quiz.submitName('Again');
    answerAll(answerTexts(PATH_A));
    await api.settled();
    const finished = $progress.get();
    expect(api.rows.map((s) => s.submission_id)).toEqual([finished.submissionId]);
    quiz.resetAll();
    quiz.restoreProgress(finished);
    await api.settled();
    expect(quiz.$screen.get()).toBe('results');
    expect(quiz.$totals.get()).toEqual(totalsOf(PATH_A.map((a, q) => QUESTIONS[q]!.answers[a]!)));
    expect(shown.$finished.get().phase).toBe('saved');
    expect(results.$comparison.get().status).toBe('ready');
    expect(api.argsOf('submitResponse')).toHaveLength(1);

    api.on.submitResponse = offline;
    quiz.resetAll();
    quiz.startQuiz();
    quiz.submitName('Waiting');
    answerAll(answerTexts(PATH_A));
    await api.settled();
    const waiting = $progress.get();
    expect(outbox.readPending().map((s) => s.submission_id)).toEqual([waiting.submissionId]);
    api.restore('submitResponse');
    quiz.resetAll();
    quiz.restoreProgress(waiting);
    await api.settled();
    expect(api.rows.map((s) => s.name)).toEqual(['Again', 'Waiting']);
    expect(outbox.readPending()).toEqual([]);
    expect(shown.$finished.get().phase).toBe('saved');
  });

  it('progress restored midway goes on from there, with the clock of the question on screen restarted', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    quiz.startQuiz();
    quiz.submitName('Ada');
    quiz.chooseAnswer(answerTexts(PATH_A)[0]!);
    const midway = $progress.get();
    quiz.resetAll();
    vi.advanceTimersByTime(60_000);
    quiz.restoreProgress(midway);
    vi.advanceTimersByTime(3000);
    quiz.chooseAnswer(answerTexts(PATH_A)[1]!);
    expect(quiz.$name.get()).toBe('Ada');
    expect(quiz.$answers.get().map((a) => a.seconds)).toEqual([0, 3]);
  });

  it('rejects an answer that is not on the current question and changes nothing', () => {
    quiz.startQuiz();
    quiz.submitName('');
    expect(() => quiz.chooseAnswer(QUESTIONS[3]!.answers[0]!.text)).toThrow(/Question 1 has no answer/);
    expect(quiz.$answers.get()).toEqual([]);
    expect(() => quiz.submitName('x')).toThrow(/needs the name screen/);
    expect(quiz.$name.get()).toBe('');
  });

  it('rejects a name longer than the database accepts', () => {
    quiz.startQuiz();
    expect(() => quiz.submitName('x'.repeat(51))).toThrow(RangeError);
    expect(quiz.$screen.get()).toBe('name');
  });

  it('resetAll closes everything and returns to an empty intro', () => {
    quiz.startQuiz();
    quiz.submitName('Ada');
    quiz.chooseAnswer(answerTexts(PATH_A)[0]!);
    overlays.openOverlay('about');
    overlays.toggleMenu();
    quiz.resetAll();
    expect(quiz.$screen.get()).toBe('intro');
    expect(quiz.$name.get()).toBe('');
    expect(quiz.$answers.get()).toEqual([]);
    expect(quiz.$totals.get()).toEqual(zeroScores());
    expect(overlays.$overlay.get()).toBeNull();
    expect(overlays.$menuOpen.get()).toBe(false);
  });

  it('a share code reopens the result without sending anything; a bad one changes nothing', async () => {
    expect(shared.openShareLink('?r=00000000000')).toBe(false);
    expect(shared.openShareLink('?r=000000000009')).toBe(false);
    expect(quiz.$screen.get()).toBe('intro');

    expect(shared.openShareLink('?r=012340123401')).toBe(true);
    await api.settled();
    expect(quiz.$screen.get()).toBe('results');
    expect(shown.$resultOrigin.get()).toBe('shared');
    expect(quiz.$totals.get()).toEqual(totalsOf(PATH_A.map((a, q) => QUESTIONS[q]!.answers[a]!)));
    expect(api.argsOf('submitResponse')).toEqual([]);
  });
});
