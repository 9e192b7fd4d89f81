import { useStore } from '../stores/use-store.ts';
import { useState, type ReactNode } from 'react';
import { $overlay } from '../stores/overlays.ts';
import type { OverlaysProps } from './Overlays.tsx';
import { overlays } from './overlays-loader.ts';
import { useOnDemand } from '../speed/on-demand.ts';
import Quiz from './Quiz.tsx';
import TopBar from './TopBar.tsx';

/**
 * Everything of "/" that runs, as one island: the top bar, the overlays and
 * the quiz. One React root hydrates them together, so a tap on the quiz can
 * never change a store under a top bar still hydrating (its text would no
 * longer match the HTML); and one module fewer loads. The overlays are modal
 * <dialog>s, shown in the top layer, so where they sit does not matter; they
 * are drawn from the first time one is opened on, and stay, so that closing
 * one gives the focus back. They are drawn in the tap that opens one when
 * their module is there (the menu fetches it ahead), with no Suspense
 * boundary whose reveal React would hold back.
 */
export default function Home({ shared, ...props }: OverlaysProps & { shared?: ReactNode }) {
  const overlay = useStore($overlay);
  // Latched: once an overlay has been opened the dialogs stay drawn (React's set-state-in-render for derived state).
  const [wanted, setWanted] = useState(false);
  if (overlay !== null && !wanted) setWanted(true);
  const Overlays = useOnDemand(overlays, wanted);
  return (
    <>
      <TopBar />
      {/* eslint-disable-next-line react-hooks/static-components -- a loaded module's own component, not one made in render */}
      {wanted && Overlays && <Overlays {...props} />}
      <main id="main">
        <Quiz sharedCopy={shared} />
      </main>
    </>
  );
}
