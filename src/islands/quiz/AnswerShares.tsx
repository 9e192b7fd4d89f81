import { useStore } from '@nanostores/react';
import { QUESTIONS } from '../../core/questions.ts';
import { formatPercent } from '../../core/scoring.ts';
import type { QuestionShares } from '../../lib/api.ts';
import { $answerShares, $answers } from '../../stores/quiz.ts';
import styles from './ResultsScreen.module.css';

/** The share of respondents who gave this answer, or null when nobody has answered the question yet. */
function shareOf(shares: QuestionShares[], questionId: number, answerText: string): number | null {
  const question = shares.find((q) => q.question_id === questionId);
  if (!question || question.total === 0) return null;
  return question.answers.find((a) => a.answer_text === answerText)?.share ?? 0;
}

/** "How others answered": shown only once the shares have arrived; nothing while loading or on failure. */
export default function AnswerShares() {
  const state = useStore($answerShares);
  const answers = useStore($answers);
  if (state.status !== 'ready') return null;

  const rows = answers.flatMap((a) => {
    const share = shareOf(state.shares, a.questionId, a.answerText);
    const question = QUESTIONS.find((q) => q.id === a.questionId);
    return share === null || !question ? [] : [{ ...a, share, question }];
  });
  if (rows.length === 0) return null;

  return (
    <section className={styles.panel} aria-labelledby="quiz-shares-title">
      <h2 id="quiz-shares-title" className={styles.subtitle}>
        How others answered
      </h2>
      <ol className={styles.shares}>
        {rows.map((r) => (
          <li key={r.questionId} className={styles.shareRow} data-question={r.questionId}>
            <span className={styles.shareQuestion}>{r.question.text}</span>
            <span>
              “{r.answerText}”: <strong data-share>{formatPercent(r.share)}</strong> of respondents answered the same.
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
