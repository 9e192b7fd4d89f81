import { zeroScores, type ValueScores } from './values.ts';

export interface Answer {
  readonly text: string;
  readonly scores: Readonly<ValueScores>;
}

export interface Question {
  readonly id: number;
  readonly text: string;
  readonly answers: readonly Answer[];
}

function answer(text: string, scores: Partial<ValueScores>): Answer {
  return { text, scores: { ...zeroScores(), ...scores } };
}

/** The five agreement answers, strongest first, each with its scores. */
function agreement(
  stronglyAgree: Partial<ValueScores>,
  agree: Partial<ValueScores>,
  neutral: Partial<ValueScores>,
  disagree: Partial<ValueScores>,
  stronglyDisagree: Partial<ValueScores>,
): Answer[] {
  return [
    answer('Strongly Agree', stronglyAgree),
    answer('Agree', agree),
    answer('Neutral', neutral),
    answer('Disagree', disagree),
    answer('Strongly Disagree', stronglyDisagree),
  ];
}

/**
 * The twelve questions, in the order they are asked. Their scores are built
 * so that the highest total each value can reach is exactly its results-page
 * denominator (tests/core/questions.test.ts holds us to it).
 */
export const QUESTIONS: readonly Question[] = [
  {
    id: 1,
    text: 'Art and freedom are worth more than the comfort of the people closest to me.',
    answers: agreement({ honor: 2, reason: 1 }, { honor: 1 }, { reason: 0.5 }, { duty: 1 }, { love: 1, duty: 1 }),
  },
  {
    id: 2,
    text: 'I would apologize for something that was not my fault if it lets everyone move forward.',
    answers: agreement(
      { love: 1, duty: 1 },
      { love: 0.5, reason: 0.5 },
      { reason: 0.5 },
      { honor: 0.5, reason: 0.5 },
      { honor: 1, reason: 1 },
    ),
  },
  {
    id: 3,
    text: 'Advice weighs more with me when it comes from someone I like.',
    answers: agreement({ love: 2 }, { love: 1 }, { love: 0.5, reason: 0.5 }, { reason: 1 }, { reason: 2 }),
  },
  {
    id: 4,
    text: 'Someone you love is leading your group in a direction you believe is dangerous. What do you do?',
    answers: [
      answer('Follow them: I trust them more than my own doubts.', { love: 3 }),
      answer('Follow them, because the group agreed and I owe it my part.', { duty: 2 }),
      answer('Challenge them openly, in front of everyone.', { honor: 2 }),
      answer('Take them aside and lay out the risks calmly.', { reason: 2, love: 0.5 }),
      answer('Leave the group rather than go along with it.', { honor: 2 }),
    ],
  },
  {
    id: 5,
    text: 'I would keep a secret from someone close to me if it served a cause I believe in.',
    answers: agreement({ duty: 1, honor: 1 }, { duty: 0.5, honor: 0.5 }, { reason: 0.5 }, { love: 1 }, { love: 2 }),
  },
  {
    id: 6,
    text: 'I need my family’s approval before I make a major decision.',
    answers: agreement({ duty: 3 }, { duty: 2 }, { duty: 0.5, reason: 0.5 }, { reason: 0.5 }, { reason: 1 }),
  },
  {
    id: 7,
    text: 'I owe the people I love more than I owe anyone else, whatever they ask of me.',
    answers: agreement(
      { love: 1, duty: 1 },
      { duty: 1 },
      { duty: 0.5 },
      { honor: 0.5, reason: 0.5 },
      { honor: 1, reason: 1 },
    ),
  },
  {
    id: 8,
    text: 'A patron offers to fund your life’s work, but wants a say in what it becomes. You…',
    answers: [
      answer('Accept gratefully; a gift like that is repaid with loyalty.', { duty: 2 }),
      answer('Accept, and quietly keep the parts that matter most to me.', { honor: 1, reason: 0.5 }),
      answer('Negotiate clear terms before anything else.', { reason: 2 }),
      answer('Refuse: work that is not wholly mine is not worth signing.', { honor: 2 }),
      answer('Accept only if the patron is someone I love and trust.', { love: 2 }),
    ],
  },
  {
    id: 9,
    text: 'I would break a commitment to follow my heart.',
    answers: agreement(
      { love: 2 },
      { love: 1 },
      { love: 0.5, duty: 0.5 },
      { duty: 1, honor: 1 },
      { duty: 2, honor: 1 },
    ),
  },
  {
    id: 10,
    text: 'Hurting a stranger is easier to live with than hurting someone I love.',
    answers: agreement(
      { love: 2 },
      { love: 1 },
      { love: 0.5, reason: 0.5 },
      { reason: 1, honor: 0.5 },
      { reason: 2, honor: 1 },
    ),
  },
  {
    id: 11,
    text: 'If sacrificing someone you love were the only way to defeat a great evil, you would…',
    answers: [
      answer('Make the sacrifice: the duty is larger than my grief.', { duty: 2, reason: 1 }),
      answer('Refuse: nothing is worth that.', { love: 2 }),
      answer('Offer myself in their place.', { honor: 2, love: 1 }),
      answer('Search for another way until the very last moment.', { reason: 2 }),
    ],
  },
  {
    id: 12,
    text: 'In the end, I do what I should rather than what I want.',
    answers: agreement({ duty: 2, honor: 1 }, { duty: 1, honor: 0.5 }, { reason: 0.5 }, { love: 0.5 }, { love: 1 }),
  },
];

export const QUESTION_COUNT = QUESTIONS.length;

function findQuestion(id: number): Question | undefined {
  return QUESTIONS.find((q) => q.id === id);
}

export function findAnswer(questionId: number, answerText: string): Answer | undefined {
  return findQuestion(questionId)?.answers.find((a) => a.text === answerText);
}
