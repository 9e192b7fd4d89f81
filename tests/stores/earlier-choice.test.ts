import { describe, expect, it } from 'vitest';
import { QUESTIONS } from '../../src/core/questions.ts';
import { useFakeApi } from '../support/fake-api.ts';

const quiz = await import('../../src/stores/quiz.ts');

useFakeApi(() => quiz.resetAll());

describe('the earlier choice of a question stepped back to', () => {
  it('is known after Back, kept while the same answers are given again, and dropped by a different one', () => {
    quiz.startQuiz();
    quiz.submitName('');
    const [q1, q2] = [QUESTIONS[0]!, QUESTIONS[1]!];
    quiz.chooseAnswer(q1.answers[2]!.text);
    quiz.chooseAnswer(q2.answers[1]!.text);
    expect(quiz.$earlierChoice.get()).toBeNull();
    quiz.goBack();
    expect(quiz.$earlierChoice.get()).toBe(q2.answers[1]!.text);
    quiz.goBack();
    expect(quiz.$earlierChoice.get()).toBe(q1.answers[2]!.text);
    quiz.chooseAnswer(q1.answers[2]!.text);
    expect(quiz.$earlierChoice.get()).toBe(q2.answers[1]!.text);
    quiz.goBack();
    quiz.chooseAnswer(q1.answers[0]!.text);
    expect(quiz.$earlierChoice.get()).toBeNull();
  });
});
