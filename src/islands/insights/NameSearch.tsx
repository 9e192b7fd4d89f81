import { memo, useState, type SubmitEvent } from 'react';
import { useStore } from '../../stores/use-store.ts';
import { $search, searchByName } from '../../stores/hidden-page.ts';
import { DATA_STATUS } from '../data-status.ts';
import { formatCount, plural } from './format.ts';
import styles from './insights.module.css';

export const NO_MATCH = 'No matching name found.';

/**
 * What the last search found, listed; it reads the store itself and is
 * memoized, so a keystroke in the field re-renders the field alone. Only the
 * summary is announced: the list may hold hundreds of names.
 */
const SearchOutcome = memo(function SearchOutcome() {
  const search = useStore($search);
  const found = search && search.result.total > 0 ? search.result : null;
  return (
    <>
      <p className={styles.caption} aria-live="polite" data-search-summary>
        {found &&
          `${plural(found.total, 'respondent matches', 'respondents match')} “${search?.query ?? ''}”, ringed on both plots${
            found.matches.length < found.total ? ` (the first ${formatCount(found.matches.length)} shown)` : ''
          }.`}
      </p>
      {found && (
        <ul className={styles.matches}>
          {found.matches.map((m, i) => (
            <li key={i} data-match-name>
              {m.name}
            </li>
          ))}
        </ul>
      )}
    </>
  );
});

/** Name search on the relative plot; the matches are highlighted there and listed here. */
export function NameSearch() {
  const [query, setQuery] = useState('');
  const [searching, setSearching] = useState(false);
  // What went wrong with the last search, and which search it was, so that the same words are said again.
  const [problem, setProblem] = useState<{ message: string; attempt: number } | null>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSearching(true);
    const outcome = await searchByName(query);
    setSearching(false);
    const message = outcome === 'none' ? NO_MATCH : outcome === 'failed' ? DATA_STATUS.search.failed : null;
    setProblem((last) => (message ? { message, attempt: (last?.attempt ?? 0) + 1 } : null));
  }

  return (
    <div>
      <form className={styles.search} role="search" onSubmit={submit}>
        <label htmlFor="hehe-search">Search by name</label>
        <div className={styles.form}>
          <input
            id="hehe-search"
            className={styles.input}
            type="search"
            placeholder="Search by name..."
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            aria-describedby={problem ? 'hehe-search-message' : undefined}
          />
          <button type="submit" className="btn" disabled={searching}>
            Search
          </button>
        </div>
        {problem && (
          <p key={problem.attempt} id="hehe-search-message" className={styles.alert} role="alert">
            {problem.message}
          </p>
        )}
      </form>
      <SearchOutcome />
    </div>
  );
}
