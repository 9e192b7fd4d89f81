import { useStore } from '@nanostores/react';
import type { ScatterPlot } from '../../charts/insights/scatter.ts';
import { $pickedRespondent } from '../../stores/hidden-page.ts';
import styles from './insights.module.css';

/** The name behind the last dot clicked on this plot, as plain text. */
export function PickedName({ chart }: { chart: ScatterPlot }) {
  const picked = useStore($pickedRespondent);
  const here = picked?.chart === chart ? picked : null;
  return (
    <p className={styles.picked} aria-live="polite" data-picked={chart}>
      {here ? (
        <>
          Respondent: <span className={styles.pickedName}>{here.name ?? 'Anonymous'}</span>
        </>
      ) : (
        'Click a dot to see who it is.'
      )}
    </p>
  );
}
