import { useStore } from '../stores/use-store.ts';
import { useEffect, useRef, type MouseEvent } from 'react';
import { $menuOpen, closeMenu, openOverlay, toggleMenu } from '../stores/overlays.ts';
import { SITE_NAME } from '../core/site.ts';
import { $screen, resetAll } from '../stores/quiz.ts';
import { prefetchOverlays } from './overlays-loader.ts';
import styles from './TopBar.module.css';

const MENU_ID = 'site-menu';

/** Home and Start over: everything reset, and the address back to "/" (a share link's code dropped). */
function goHome(event: MouseEvent): void {
  event.preventDefault();
  resetAll();
  if (window.location.pathname !== '/') {
    window.location.assign('/');
  } else if (window.location.search || window.location.hash) {
    window.history.pushState(null, '', '/');
  }
}

export default function TopBar() {
  const screen = useStore($screen);
  const open = useStore($menuOpen);
  const navRef = useRef<HTMLElement>(null);
  const onHome = screen === 'intro';

  useEffect(() => {
    if (!open) return;
    const onClick = (event: globalThis.MouseEvent) => {
      if (event.target instanceof Node && !navRef.current?.contains(event.target)) closeMenu();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // An entry with the focus folds away with the menu: the focus goes back to "Menu", not to the page.
      navRef.current?.querySelector('button')?.focus();
      closeMenu();
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <header className={styles.topbar}>
      <a className={styles.brand} href="/insights">
        <img className={styles.logo} src="/logo.svg" alt="" width={32} height={32} fetchPriority="low" />
        <span className={styles.title}>{SITE_NAME}</span>
      </a>
      {/* Reaching for the menu fetches the overlays its entries open. */}
      <nav
        className={styles.nav}
        aria-label="Main"
        ref={navRef}
        onPointerEnter={prefetchOverlays}
        onFocus={prefetchOverlays}
        onPointerDown={prefetchOverlays}
      >
        <button
          type="button"
          className={styles.toggle}
          aria-label="Menu"
          aria-expanded={open}
          aria-controls={MENU_ID}
          data-overlay-return=""
          onClick={toggleMenu}
        >
          {/* Drawn by CSS, empty: the button is named by its aria-label. */}
          <span className={styles.bar} />
        </button>
        <ul id={MENU_ID} className={open ? `${styles.menu} ${styles.open}` : styles.menu}>
          <li>
            <a href="/" onClick={goHome} data-tap="">
              {onHome ? 'home.' : 'Home'}
            </a>
          </li>
          {!onHome && (
            <li>
              <button type="button" onClick={goHome}>
                Start over
              </button>
            </li>
          )}
          <li>
            <button type="button" onClick={() => openOverlay('about')}>
              {onHome ? 'about.' : 'About'}
            </button>
          </li>
          <li>
            <button type="button" onClick={() => openOverlay('explain')}>
              {onHome ? 'understand.' : 'Explain'}
            </button>
          </li>
          {!onHome && (
            <li>
              <a href="/insights" onClick={closeMenu}>
                Insights
              </a>
            </li>
          )}
          {/* The home menu keeps the spec's three entries; the intro links to /group itself. */}
          {!onHome && (
            <li>
              <a href="/group" onClick={closeMenu}>
                Map a group
              </a>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
