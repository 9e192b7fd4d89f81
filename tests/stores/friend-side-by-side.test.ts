import { describe, expect, it } from 'vitest';
import { answerTexts, api, useFakeApi } from '../support/fake-api.ts';
import { PATH_A, PATH_B } from '../support/random-answers.ts';

const quiz = await import('../../src/stores/quiz.ts');
const { $progress } = await import('../../src/stores/progress.ts');
const shown = await import('../../src/stores/finished.ts');
const { openShareLink, takeQuizToCompare } = await import('../../src/stores/share.ts');

const MINE = PATH_A;
const THEIRS = PATH_B;
const code = (path: readonly number[]) => path.join('');

useFakeApi(() => quiz.resetAll());

describe("a friend's result, kept through the quiz", () => {
  it("opens a friend's link under their name, then keeps it while the visitor takes the quiz", async () => {
    expect(openShareLink(`?r=${code(THEIRS)}&n=Rhea`)).toBe(true);
    expect(quiz.$screen.get()).toBe('results');
    expect(shown.$resultOrigin.get()).toBe('shared');
    expect(shown.$sharedName.get()).toBe('Rhea');
    expect(shown.$friend.get()).toBeNull();

    takeQuizToCompare();
    expect(quiz.$screen.get()).toBe('name');
    expect(quiz.$answers.get()).toEqual([]);
    expect(shown.$resultOrigin.get()).toBe('quiz');
    expect(shown.$sharedName.get()).toBeNull();
    const friend = shown.$friend.get();
    expect(friend?.name).toBe('Rhea');
    expect(friend?.answers.map((a) => a.answerText)).toEqual(answerTexts(THEIRS));

    quiz.submitName('Sam');
    for (const text of answerTexts(MINE)) quiz.chooseAnswer(text);
    await api.settled();
    expect(quiz.$screen.get()).toBe('results');
    expect(shown.$friend.get()).toBe(friend);
    // Only the visitor's own quiz is sent: neither the friend's name nor their answers.
    const sent = api.argsOf('submitResponse').map(([input]) => input);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.name).toBe('Sam');
    expect(sent[0]!.answers.map((a) => a.answer_text)).toEqual(answerTexts(MINE));
    expect(JSON.stringify(api.calls)).not.toContain('Rhea');

    // Start over forgets the friend.
    quiz.resetAll();
    expect(shown.$friend.get()).toBeNull();
  });

  it('opens a comparison link with both results and both names', async () => {
    expect(openShareLink(`?r=${code(MINE)}&n=Sam&f=${code(THEIRS)}&fn=Rhea`)).toBe(true);
    expect(shown.$resultOrigin.get()).toBe('shared');
    expect(shown.$sharedName.get()).toBe('Sam');
    expect(quiz.$answers.get().map((a) => a.answerText)).toEqual(answerTexts(MINE));
    expect(shown.$friend.get()?.name).toBe('Rhea');
    expect(shown.$friend.get()?.answers.map((a) => a.answerText)).toEqual(answerTexts(THEIRS));
    expect(api.argsOf('submitResponse')).toEqual([]);
  });

  it('a link without a valid result, or taking the quiz from anywhere but a result, changes nothing', async () => {
    expect(openShareLink(`?r=${code(MINE)}&n=Sam&f=${code(THEIRS)}&fn=Rhea`)).toBe(true);
    const before = { progress: $progress.get(), friend: shown.$friend.get(), name: shown.$sharedName.get() };
    expect(openShareLink(`?r=${code(MINE).slice(1)}&f=99`)).toBe(false);
    expect(openShareLink('?n=Rhea')).toBe(false);
    // A query that is no share link at all is not this module's to judge.
    expect(openShareLink('?utm_source=newsletter')).toBeNull();
    expect({ progress: $progress.get(), friend: shown.$friend.get(), name: shown.$sharedName.get() }).toEqual(before);

    quiz.resetAll();
    expect(() => takeQuizToCompare()).toThrow(/results screen/);
    expect(quiz.$screen.get()).toBe('intro');
    expect(shown.$friend.get()).toBeNull();
  });

  it('a plain shared link after a comparison shows that result alone', async () => {
    openShareLink(`?r=${code(MINE)}&n=Sam&f=${code(THEIRS)}&fn=Rhea`);
    openShareLink(`?r=${code(THEIRS)}`);
    expect(shown.$friend.get()).toBeNull();
    expect(shown.$sharedName.get()).toBeNull();
  });
});
