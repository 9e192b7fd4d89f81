import { QUESTIONS } from '../../core/questions.ts';
import { formatPercent } from '../../core/scoring.ts';
import type { QuestionShares } from '../../lib/api.ts';
import { plural } from './format.ts';
import styles from './insights.module.css';

interface Props {
  shares: readonly QuestionShares[] | null;
  /** Said while `shares` is null. */
  missing: string;
}

/** Per question, the share of respondents who chose each answer, as labelled bars. */
export function HowOthersAnswered({ shares, missing }: Props) {
  const byQuestion = new Map((shares ?? []).map((s) => [s.question_id, s]));
  return (
    <section className={styles.panel} aria-labelledby="insights-answers-title">
      <h2 id="insights-answers-title">How others answered</h2>
      {shares === null ? (
        <p className={styles.caption}>{missing}</p>
      ) : (
        <ol className={styles.questions}>
          {QUESTIONS.map((q) => {
            const counted = byQuestion.get(q.id);
            if (!counted) return null;
            return (
              <li key={q.id} className={styles.question} data-question={q.id}>
                <h3 className={styles.questionText}>{q.text}</h3>
                <p className={styles.caption}>{plural(counted.total, 'answer', 'answers')} counted</p>
                <ul className={styles.shares}>
                  {counted.answers.map((a) => (
                    <li key={a.answer_text} className={styles.share}>
                      <span className={styles.answerText}>{a.answer_text}</span>
                      <span className={styles.bar} aria-hidden="true">
                        <span className={styles.barFill} style={{ width: `${Math.min(100, a.share * 100)}%` }} />
                      </span>
                      <span className={styles.percent}>{formatPercent(a.share)}</span>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
