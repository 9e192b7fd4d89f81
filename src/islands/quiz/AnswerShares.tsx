import { useStore } from '../../stores/use-store.ts';
import { QUESTIONS } from '../../core/questions.ts';
import { othersOf, othersPhrase } from '../../core/others.ts';
import { formatPercent } from '../../core/scoring.ts';
import type { QuestionShares } from '../../lib/api.ts';
import { $answers } from '../../stores/quiz.ts';
import { $ownCounted } from '../../stores/withdrawal.ts';
import { $answerShares } from '../../stores/results.ts';
import { DATA_STATUS } from '../data-status.ts';
import { OWN_LABEL, possessive } from './result-labels.ts';
import styles from './AnswerShares.module.css';
import panel from './panel.module.css';

/** The share of respondents who gave this answer and how many answered, or null when nobody has answered the question yet. */
function shareOf(
  shares: QuestionShares[],
  questionId: number,
  answerText: string,
): { share: number; total: number } | null {
  const question = shares.find((q) => q.question_id === questionId);
  if (!question || question.total === 0) return null;
  return { share: question.answers.find((a) => a.answer_text === answerText)?.share ?? 0, total: question.total };
}

/**
 * "How others answered": shown once the shares have arrived, or to say they
 * could not; nothing while loading. `label` names whose answers these are
 * (result-labels.ts), so a shared result never reads as the visitor's own.
 */
export default function AnswerShares({ label }: { label: string }) {
  const state = useStore($answerShares);
  const answers = useStore($answers);
  // The visitor's own saved answers are among the site's counts: "others" leaves them out.
  const counted = useStore($ownCounted) && label === OWN_LABEL;
  if (state.status === 'failed') {
    return (
      <section className={panel.panel} aria-labelledby="quiz-shares-title">
        <h2 id="quiz-shares-title" className={panel.subtitle}>
          How others answered
        </h2>
        <p className={panel.loading} role="status">
          {DATA_STATUS.answerShares.failed}
        </p>
      </section>
    );
  }
  if (state.status !== 'ready') return null;

  const rows = answers.flatMap((a) => {
    const found = shareOf(state.data, a.questionId, a.answerText);
    const question = QUESTIONS.find((q) => q.id === a.questionId);
    return found === null || !question ? [] : [{ ...a, others: othersOf(found.share, found.total, counted), question }];
  });
  if (rows.length === 0) return null;

  return (
    <section className={panel.panel} aria-labelledby="quiz-shares-title">
      <h2 id="quiz-shares-title" className={panel.subtitle}>
        How others answered
      </h2>
      <ol className={styles.shares}>
        {rows.map((r) => (
          <li key={r.questionId} className={styles.shareRow} data-question={r.questionId}>
            {/* The quiz's own words, quoted: its "you" is whoever answers. */}
            <span className={styles.shareQuestion} data-quoted>
              {r.question.text}
            </span>
            <span className={styles.shareAnswer}>
              {possessive(label)} answer: “{r.answerText}”
            </span>
            <span data-others>
              {r.others ? (
                <>
                  <strong data-share>{formatPercent(r.others.same / r.others.count)}</strong> of the{' '}
                  {othersPhrase(r.others.count)} who answered chose the same
                  {label === OWN_LABEL ? '' : ` as ${label}`}.
                </>
              ) : (
                'No one else has answered yet: you are the first.'
              )}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
