/**
 * Drawing the next screen ahead, hidden, so that the tap which opens it only
 * shows it: the quiz's screens use it (islands/Quiz.tsx).
 */
import type { ReactNode } from 'react';
import type { Screen } from '../core/progress.ts';
import styles from './drawn-ahead.module.css';

/**
 * A screen is drawn ahead, hidden, while the screen before it is shown, so
 * that the tap which opens it only has to show it (docs/speed.md says what it
 * buys). Null when it is not drawn
 * at all: only the screen right before draws it, so the name field is gone
 * once the questions start and a quiz started over begins with an empty one.
 * `drawnFrom` is the screen deferred (useDeferredValue): null while the page
 * hydrates, whose HTML has no hidden screen, then the screen a render behind,
 * so that a tap's own render never draws the next screen: React draws it in a
 * background render. A screen left for the one before it (Back) stays drawn,
 * with what was typed into it.
 */
export function drawnAhead(
  shown: Screen,
  drawnFrom: Screen | null,
  screen: Screen,
  before: Screen,
): 'visible' | 'hidden' | null {
  if (shown === screen) return 'visible';
  return shown === before && (drawnFrom === before || drawnFrom === screen) ? 'hidden' : null;
}

/**
 * Where a screen drawn ahead waits: laid out (unlike React's <Activity>,
 * whose hidden screens are display: none), so showing it lays out nothing
 * new; unseen, taking no room, inert. The wrapper stays when the screen is
 * shown, so React keeps the very elements it drew.
 */
export function Ahead({ mode, children }: { mode: 'visible' | 'hidden'; children: ReactNode }) {
  const hidden = mode === 'hidden';
  return (
    <div className={hidden ? styles.ahead : undefined} data-ahead={mode} inert={hidden}>
      {children}
    </div>
  );
}
