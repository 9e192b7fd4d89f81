import { memo, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $search, searchByName } from '../../stores/hidden-page.ts';
import { DATA_STATUS } from '../data-status.ts';
import { formatCount, plural } from './format.ts';
import styles from './insights.module.css';

export const NO_MATCH = 'No matching name found.';

/**
 * What the last search found, listed; it reads the store itself and is
 * memoized, so a keystroke in the field re-renders the field alone.
 */
const SearchOutcome = memo(function SearchOutcome({ failed }: { failed: boolean }) {
  const search = useStore($search);
  const found = search && search.result.total > 0 ? search.result : null;
  return (
    <div aria-live="polite">
      {failed && <p className={styles.caption}>{DATA_STATUS.search.failed}</p>}
      {found && (
        <>
          <p className={styles.caption} data-search-summary>
            {`${plural(found.total, 'respondent matches', 'respondents match')} “${search?.query ?? ''}”, highlighted in white`}
            {found.matches.length < found.total ? ` (the first ${formatCount(found.matches.length)} shown)` : ''}.
          </p>
          <ul className={styles.matches}>
            {found.matches.map((m, i) => (
              <li key={i} data-match-name>
                {m.name}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
});

/** Name search on the relative plot; the matches are highlighted there and listed here. */
export function NameSearch() {
  const [query, setQuery] = useState('');
  const [searching, setSearching] = useState(false);
  const [failed, setFailed] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSearching(true);
    const outcome = await searchByName(query);
    setSearching(false);
    setFailed(outcome === 'failed');
    if (outcome === 'none') window.alert(NO_MATCH);
  }

  return (
    <div>
      <form className={styles.form} role="search" onSubmit={submit}>
        <input
          className={styles.input}
          type="search"
          aria-label="Search by name"
          placeholder="Search by name..."
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit" className="btn" disabled={searching}>
          Search
        </button>
      </form>
      <SearchOutcome failed={failed} />
    </div>
  );
}
