/**
 * A result as a short link: "/?r=" followed by one digit per question, the
 * position of the chosen answer in that question's list. Only answers are
 * encoded, never a name, so the link reveals nothing but the result itself.
 */
import { QUESTIONS } from '../core/questions.ts';
import type { GivenAnswer } from '../core/scoring.ts';
import { SHARE_PARAM } from './share-param.ts';

/** The code of a complete answer set; throws if the answers are not one per question in order. */
export function encodeShareCode(answers: readonly Pick<GivenAnswer, 'questionId' | 'answerText'>[]): string {
  if (answers.length !== QUESTIONS.length) {
    throw new Error(`A share code needs ${QUESTIONS.length} answers, got ${answers.length}`);
  }
  return QUESTIONS.map((q, i) => {
    const given = answers[i];
    const index = given && given.questionId === q.id ? q.answers.findIndex((a) => a.text === given.answerText) : -1;
    if (index < 0) throw new Error(`Answer ${i + 1} does not belong to question ${q.id}`);
    return String(index);
  }).join('');
}

/** The answers a code stands for, or null unless it is exactly one valid digit per question. */
export function decodeShareCode(code: string): GivenAnswer[] | null {
  if (code.length !== QUESTIONS.length || !/^[0-9]+$/.test(code)) return null;
  const answers: GivenAnswer[] = [];
  for (const [i, q] of QUESTIONS.entries()) {
    const answer = q.answers[Number(code[i])];
    if (!answer) return null;
    answers.push({ questionId: q.id, answerText: answer.text, scores: answer.scores });
  }
  return answers;
}

/** The full address of the link for a result, on the given origin. */
export function shareUrl(origin: string, answers: readonly Pick<GivenAnswer, 'questionId' | 'answerText'>[]): string {
  const url = new URL('/', origin);
  url.searchParams.set(SHARE_PARAM, encodeShareCode(answers));
  return url.href;
}
