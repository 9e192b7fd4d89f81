import Overlays, { type OverlaysProps } from './Overlays.tsx';
import TopBar from './TopBar.tsx';

/**
 * The top bar and the overlays hydrate as one island: one module and one
 * React root fewer on "/". The overlays are modal <dialog>s, shown in the top
 * layer, so where they sit in the page does not matter.
 */
export default function PageChrome(props: OverlaysProps) {
  return (
    <>
      <TopBar />
      <Overlays {...props} />
    </>
  );
}
