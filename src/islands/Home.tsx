import { useStore } from '@nanostores/react';
import { lazy, Suspense, useRef } from 'react';
import { untilLoaded } from '../lib/network.ts';
import { $overlay } from '../stores/overlays.ts';
import type { OverlaysProps } from './Overlays.tsx';
import { loadOverlays } from './overlays-loader.ts';
import Quiz from './Quiz.tsx';
import TopBar from './TopBar.tsx';

const Overlays = lazy(() => untilLoaded(loadOverlays));

/**
 * Everything of "/" that runs, as one island: the top bar, the overlays and
 * the quiz. One React root hydrates them together, so a tap on the quiz can
 * never change a store under a top bar still hydrating (its text would no
 * longer match the HTML); and one module fewer loads. The overlays are modal
 * <dialog>s, shown in the top layer, so where they sit does not matter; they
 * are drawn from the first time one is opened on, and stay, so that closing
 * one gives the focus back.
 */
export default function Home(props: OverlaysProps) {
  const overlay = useStore($overlay);
  const wanted = useRef(false);
  if (overlay !== null) wanted.current = true;
  return (
    <>
      <TopBar />
      {wanted.current && (
        <Suspense fallback={null}>
          <Overlays {...props} />
        </Suspense>
      )}
      <main id="main">
        <Quiz />
      </main>
    </>
  );
}
