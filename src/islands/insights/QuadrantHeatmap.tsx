import { useMemo } from 'react';
import { QUADRANT_PAIRS } from '../../core/scoring.ts';
import { VALUE_LABELS } from '../../core/values.ts';
import { QUADRANT_COLUMNS, pairLabel, quadrantHeatmap } from '../../charts/insights/heatmap.ts';
import type { QuadrantCounts } from '../../lib/api.ts';
import { ChartPanel } from './ChartPanel.tsx';
import { formatCount } from './format.ts';
import styles from './insights.module.css';

/** The pairs in the order the page promises, whatever order the backend sent. */
function inPairOrder(quadrants: readonly QuadrantCounts[]): QuadrantCounts[] {
  return QUADRANT_PAIRS.flatMap(([a, b]) => quadrants.filter((q) => q.pair[0] === a && q.pair[1] === b));
}

export function QuadrantHeatmap({ quadrants }: { quadrants: readonly QuadrantCounts[] | null }) {
  const rows = useMemo(() => (quadrants ? inPairOrder(quadrants) : null), [quadrants]);
  const config = useMemo(() => (rows && rows.length > 0 ? quadrantHeatmap(rows) : null), [rows]);
  return (
    <ChartPanel
      titleId="insights-heatmap-title"
      title="Quadrants"
      chart="heatmap"
      config={config}
      label="Heatmap of respondents per quadrant for four pairs of values"
      shape="heatmapBox"
      wide
      caption="Respondents per quadrant: a value is high from 0.5 of its scale up. Each row is a pair of values; each cell shows how many respondents fall in it and their share of the row. The stronger the color, the more respondents, on a log scale so that a single one shows; an empty cell has no color."
    >
      {rows && rows.length > 0 && (
        <table className={styles.table}>
          <caption className="visually-hidden">Respondents per quadrant, by pair of values</caption>
          <thead>
            <tr>
              <th scope="col">Pair</th>
              {QUADRANT_COLUMNS.map((c) => (
                <th scope="col" key={c.key}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((q) => (
              <tr key={pairLabel(q.pair)}>
                <th scope="row">
                  {pairLabel(q.pair)}
                  <span className="visually-hidden">{` (first: ${VALUE_LABELS[q.pair[0]]}, second: ${VALUE_LABELS[q.pair[1]]})`}</span>
                </th>
                {QUADRANT_COLUMNS.map((c) => (
                  <td key={c.key}>{formatCount(q[c.key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ChartPanel>
  );
}
