import { afterAll, describe, expect, it, vi } from 'vitest';
import { answerTexts, api, useFakeApi } from '../support/fake-api.ts';
import { MemoryStorage } from '../support/memory-storage.ts';
import { PATH_A } from '../support/random-answers.ts';

vi.stubGlobal('localStorage', new MemoryStorage());

const quiz = await import('../../src/stores/quiz.ts');
const { $progress } = await import('../../src/stores/progress.ts');
const { $trail } = await import('../../src/stores/trail.ts');
const withdrawal = await import('../../src/stores/withdrawal.ts');
const finished = await import('../../src/stores/finished.ts');

useFakeApi(() => quiz.resetAll());
afterAll(() => vi.unstubAllGlobals());

describe("taking the visitor's own result back", () => {
  it('offers it once saved, sends it with the secret its save carried, and still tells the outcome once the trail has let it go', async () => {
    // The results screen listens while it is shown.
    const stop = withdrawal.$withdrawableResult.listen(() => {});
    quiz.startQuiz();
    quiz.submitName('Takeback');
    for (const text of answerTexts(PATH_A)) quiz.chooseAnswer(text);
    const id = $progress.get().submissionId!;
    await api.settled();
    expect(finished.$finished.get()).toEqual({ phase: 'saved', submissionId: id });
    const secret = api.rows.find((s) => s.submission_id === id)?.withdrawal_secret;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(withdrawal.$withdrawableResult.get()).toBe(id);

    withdrawal.askToWithdraw(id);
    await withdrawal.confirmWithdrawal(id);
    expect(api.rows.some((s) => s.submission_id === id)).toBe(false);
    expect($trail.get().map((r) => r.id)).not.toContain(id);
    expect(withdrawal.$withdrawals.get()[id]).toEqual({ phase: 'withdrawn' });
    expect(withdrawal.$withdrawableResult.get()).toBe(id);
    expect(withdrawal.$ownCounted.get()).toBe(false);
    stop();
  });
});
