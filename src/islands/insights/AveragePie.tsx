import { useMemo } from 'react';
import { averageShares, wholePercents } from '../../core/average-shares.ts';
import { VALUES, VALUE_LABELS, type ValueScores } from '../../core/values.ts';
import { averageSharePie, PIE_SHARES } from '../../charts/insights/pie.ts';
import { ChartPanel } from './ChartPanel.tsx';

interface Props {
  mean: ValueScores | null;
  /** Said in the caption while `mean` is null. */
  missing: string;
  idPrefix: string;
}

/** The pie of the average share per value; empty while `mean` is null. */
export function AveragePie({ mean, missing, idPrefix }: Props) {
  const percents = useMemo(() => (mean ? wholePercents(averageShares(mean)) : null), [mean]);
  const config = useMemo(() => (percents ? averageSharePie(percents) : null), [percents]);
  return (
    <ChartPanel
      titleId={`${idPrefix}-pie-title`}
      title="Average share per value"
      chart="pie"
      config={config}
      label="Pie chart of the average share per value"
      shape="square"
      caption={
        percents
          ? `Of the average respondent's four values: ${VALUES.map((v) => `${VALUE_LABELS[v]} ${percents[v]}%`).join(', ')}. ${PIE_SHARES}`
          : missing
      }
    />
  );
}
