import { useStore } from '../../stores/use-store.ts';
import type { Finished } from '../../stores/finished.ts';
import { $finished } from '../../stores/finished.ts';
import { $replacedEarlier } from '../../stores/results.ts';
import textLines from './text-lines.module.css';

/** What the site knows of the result on screen, in words; null when there is nothing to say. */
function saveMessage(finished: Finished, replaced: boolean): string | null {
  switch (finished.phase) {
    case 'test-mode':
      return 'Test mode: this result is not saved, and no figure on the site counts it.';
    case 'queued':
      return finished.reason === 'unreachable'
        ? 'You are offline or the site cannot be reached: this browser keeps your result and saves it when the connection returns.'
        : 'Too many results from this address just now: this browser keeps yours and saves it after a pause.';
    case 'rejected':
      return 'The site refused this result, so it is not saved.';
    case 'saved':
      return replaced ? 'Your result was updated: the one saved before is replaced by this one.' : null;
    default:
      return null;
  }
}

/** One live line under the title: announced when the save's outcome changes. */
export default function SaveStatus() {
  const finished = useStore($finished);
  const replaced = useStore($replacedEarlier);
  const message = saveMessage(finished, replaced);
  return (
    <p className={textLines.status} role="status" data-save-status>
      {message}
    </p>
  );
}
