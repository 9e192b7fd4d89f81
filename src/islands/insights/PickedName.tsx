import type { ReadableAtom } from 'nanostores';
import { useStore } from '../../stores/use-store.ts';
import type { ScatterPlot } from '../../charts/insights/scatter.ts';
import styles from './insights.module.css';

/** The dot picked last, on which plot, and every name on its spot: the hidden page's and a group's store hold one. */
export interface PickedNames {
  chart: ScatterPlot;
  names: readonly (string | null)[];
}

/**
 * The name behind the dot picked last on this plot, as plain text, said as
 * it changes: every name when several respondents share the dot's place.
 */
export function PickedName({ chart, from }: { chart: ScatterPlot; from: ReadableAtom<PickedNames | null> }) {
  const picked = useStore(from);
  const here = picked?.chart === chart ? picked : null;
  const names = here?.names.map((name) => name ?? 'Anonymous') ?? [];
  return (
    <p className={styles.picked} aria-live="polite" data-picked={chart}>
      {names.length === 1 && (
        <>
          Respondent: <span className={styles.pickedName}>{names[0]}</span>
        </>
      )}
      {names.length > 1 && (
        <>
          {`${names.length} respondents on this spot: `}
          {names.map((name, i) => (
            <span key={i}>
              {i > 0 && ', '}
              <span className={styles.pickedName} data-stacked-name>
                {name}
              </span>
            </span>
          ))}
        </>
      )}
      {names.length === 0 && 'Click a dot, or use the arrow keys on the plot, to see who it is.'}
    </p>
  );
}
