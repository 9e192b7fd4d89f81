import { describe, expect, it, vi } from 'vitest';
import { stubWindowEvents } from '../support/browser-stub.ts';
import { answer, answerTexts, api, offline, useFakeApi } from '../support/fake-api.ts';
import { PATH_A } from '../support/random-answers.ts';

const quiz = await import('../../src/stores/quiz.ts');
const { $progress } = await import('../../src/stores/progress.ts');
const results = await import('../../src/stores/results.ts');
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
    expect(results.$finished.get().phase).toBe('test-mode');
    expect(results.$comparison.get().status).toBe('ready');
  });

  it('a failed save logs "Error saving final scores", shows results, and is sent once on retry', async () => {
    api.on.submitResponse = offline;
    quiz.startQuiz();
    quiz.submitName('Retry');
    answerAll(answerTexts(PATH_A));
    await api.settled();
    expect(quiz.$screen.get()).toBe('results');
    expect(results.$finished.get()).toEqual({
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
    api.on.fetchResponseStats = answer({ count: 0, love: null, duty: null, honor: null, reason: null });
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
    expect(results.$finished.get().phase).toBe('none');
  });

  it('asks for the average only once the save has settled, so that it includes the visitor', async () => {
    const release = api.hold('submitResponse');
    quiz.startQuiz();
    quiz.submitName('Patient');
    answerAll(answerTexts(PATH_A));
    await api.settled();
    expect(results.$finished.get().phase).toBe('saving');
    expect(results.$comparison.get()).toEqual({ status: 'loading' });
    expect(api.calls.map((c) => c.fn)).toEqual(['submitResponse']);

    release();
    await api.settled();
    expect(results.$finished.get().phase).toBe('saved');
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
    expect(results.$finished.get()).toEqual({ phase: 'saving', submissionId });
    quiz.resetAll();
    release();
    await api.settled();
    expect(api.rows.map((s) => s.submission_id)).toEqual([submissionId]);
    expect(outbox.readPending()).toEqual([]);
    expect(results.$finished.get()).toEqual({ phase: 'none' });
    expect(api.calls.map((c) => c.fn)).toEqual(['submitResponse']);
    expect(results.$comparison.get()).toEqual({ status: 'loading' });
  });
});
