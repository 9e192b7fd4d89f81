import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import { $overlay } from '../stores/overlays.ts';
import type { OverlaysProps } from './Overlays.tsx';
import { overlays } from './overlays-loader.ts';
import { useOnDemand } from './on-demand.ts';
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
export default function Home(props: OverlaysProps) {
  const overlay = useStore($overlay);
  const wanted = useRef(false);
  if (overlay !== null) wanted.current = true;
  const Overlays = useOnDemand(overlays, wanted.current);
  return (
    <>
      <TopBar />
      {wanted.current && Overlays && <Overlays {...props} />}
      <main id="main">
        <Quiz />
      </main>
    </>
  );
}
