import figures from 'virtual:figure-summaries';
import { figureHref, nearestFigures } from '../../core/nearest-figures.ts';
import type { ValueScores } from '../../core/values.ts';
import { objectForm } from './result-labels.ts';
import styles from './NearestFigures.module.css';
import panel from './panel.module.css';

interface Props {
  /** The shares of the result on screen, as the results page reads them. */
  shares: Readonly<ValueScores>;
  /** Whose result it is, as result-labels.ts names it. */
  label: string;
}

/** The literary figure nearest to a result, with its line, then the next two, each linked to its entry. */
export default function NearestFigures({ shares, label }: Props) {
  const [first, ...next] = nearestFigures(shares, figures, 3);
  if (!first) return null;
  return (
    <section className={panel.panel} aria-labelledby="quiz-figures-title">
      <h2 id="quiz-figures-title" className={panel.subtitle}>
        Figures Near {label}
      </h2>
      <ol className={styles.nearest}>
        {[first, ...next].map(({ figure }, i) => (
          <li key={figure.slug} className={i === 0 ? styles.nearestFirst : undefined} data-figure={figure.slug}>
            {i === 0 && <span className={styles.nearestSource}>Nearest to {objectForm(label)}:</span>}
            <a className={styles.nearestName} href={figureHref(figure.slug)}>
              {figure.name}
            </a>
            <span className={styles.nearestSource}>
              <cite>{figure.work}</cite>, {figure.author}
            </span>
            <span className={styles.nearestLine}>{figure.line}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
