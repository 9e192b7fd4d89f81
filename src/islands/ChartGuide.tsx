import { compareTitle, OWN_LABEL, possessive } from './quiz/result-labels.ts';
import styles from './OverlayDialog.module.css';

/**
 * "How to read your chart": the results chart and its numbers in a few
 * lines, before the essays in the results overlay. What each mark means,
 * in plain words; the essays then say what each value means. `label` names
 * whose result is on screen (result-labels.ts): on a shared one the guide
 * speaks of that person, not of the visitor.
 */
export default function ChartGuide({ label }: { label: string }) {
  const own = label === OWN_LABEL;
  const who = own ? 'you' : 'anyone';
  const whose = own ? 'your' : possessive(label);
  return (
    <section className={styles.guide} aria-labelledby="chart-guide-title">
      <h2 id="chart-guide-title" className={styles.guideTitle}>
        How to read {whose} chart
      </h2>
      <dl className={styles.guideList}>
        <dt>The dot</dt>
        <dd>
          {own
            ? 'The large round dot is where your twelve answers place you.'
            : `The large round dot is where ${whose} twelve answers place them.`}{' '}
          No place on the map is better than another.
        </dd>
        <dt>The axes</dt>
        <dd>
          Up is Love and down is Duty: the higher the dot, the more Love outweighs Duty in the answers. Right is Reason
          and left is Honor: the further right, the more Reason outweighs Honor. At the center each pair is in balance,
          whether both are strong or both are faint.
        </dd>
        <dt>The four quarters</dt>
        <dd>
          Top right leans toward Love and Reason, top left toward Love and Honor, bottom left toward Duty and Honor,
          bottom right toward Duty and Reason. The further the dot sits from the center, the stronger the lean.
        </dd>
        <dt>The percentages</dt>
        <dd>
          Each value is measured on its own: Love 60% means three fifths of the most {who} could score in Love. That is
          why the four do not add up to 100%. The dot&rsquo;s height is the Love percentage minus the Duty percentage;
          how far right it sits is the Reason percentage minus the Honor percentage.
        </dd>
        <dt>The bars</dt>
        <dd>
          Under &ldquo;{compareTitle(label)}&rdquo; the bright bars are {whose} percentages and the dark ones the
          average of everyone who took the quiz, on the same scale.
        </dd>
      </dl>
    </section>
  );
}
