import { useStore } from '../../stores/use-store.ts';
import { $csvDownload, downloadRespondentsCsv } from '../../stores/respondents-csv.ts';
import { DATA_STATUS } from '../data-status.ts';
import { formatCount, plural } from './format.ts';
import styles from './insights.module.css';

/** The unlocked page's "Download CSV": every respondent, fetched page by page, with its progress. */
export function CsvDownload() {
  const download = useStore($csvDownload);
  const running = download.status === 'running';
  return (
    <div className={styles.download}>
      <button type="button" className="btn" disabled={running} onClick={() => void downloadRespondentsCsv()}>
        Download CSV
      </button>
      <p className={styles.caption} aria-live="polite" data-csv-status={download.status}>
        {running && `Fetching ${formatCount(download.rows)} of ${plural(download.total, 'respondent', 'respondents')}…`}
        {download.status === 'done' && `Saved ${plural(download.rows, 'respondent', 'respondents')} as CSV.`}
        {download.status === 'failed' && DATA_STATUS.csv.failed}
      </p>
    </div>
  );
}
