import styles from './OverlayDialog.module.css';

/**
 * "How to read your chart": the results chart and its numbers in a few
 * lines, before the essays in the results overlay. What each mark means,
 * in plain words; the essays then say what each value means.
 */
export default function ChartGuide() {
  return (
    <section className={styles.guide} aria-labelledby="chart-guide-title">
      <h3 id="chart-guide-title" className={styles.guideTitle}>
        How to read your chart
      </h3>
      <dl className={styles.guideList}>
        <dt>The dot</dt>
        <dd>The white dot is where your twelve answers place you. No place on the map is better than another.</dd>
        <dt>The axes</dt>
        <dd>
          Up is Love and down is Duty: the higher the dot, the more your Love outweighs your Duty. Right is Reason and left
          is Honor: the further right, the more your Reason outweighs your Honor. At the centre each pair is in balance,
          whether both are strong or both are faint.
        </dd>
        <dt>The four quarters</dt>
        <dd>
          Top right leans toward Love and Reason, top left toward Love and Honor, bottom left toward Duty and Honor, bottom
          right toward Duty and Reason. The further the dot sits from the centre, the stronger the lean.
        </dd>
        <dt>The percentages</dt>
        <dd>
          Each value is measured on its own: Love 60 % means three fifths of the most you could score in Love. That is why
          the four do not add up to 100 %. The dot&rsquo;s height is your Love percentage minus your Duty percentage; how far
          right it sits is your Reason percentage minus your Honor percentage.
        </dd>
        <dt>The bars</dt>
        <dd>
          Under &ldquo;How Do You Compare?&rdquo; the bright bars are your percentages and the dark ones the average of
          everyone who took the quiz, on the same scale.
        </dd>
      </dl>
    </section>
  );
}
