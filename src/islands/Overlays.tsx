import { useStore } from '../stores/use-store.ts';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { $overlay, closeOverlay, openOverlay, type Overlay } from '../stores/overlays.ts';
import { $resultOrigin, $sharedName } from '../stores/finished.ts';
import ChartGuide from './ChartGuide.tsx';
import OverlayDialog from './OverlayDialog.tsx';
import { OWN_LABEL, possessive, resultLabels } from './quiz/result-labels.ts';

export interface OverlaysProps {
  aboutTitle: string;
  /** The About text, pre-rendered by Astro and passed in as a slot. */
  about?: ReactNode;
  /** The four value essays, pre-rendered by Astro; Explain and the results overlay both show them. */
  essays?: ReactNode;
}

type OpenOverlay = Exclude<Overlay, null>;

const ESSAY_TITLES: Record<Exclude<OpenOverlay, 'about'>, string> = {
  explain: 'understand the values.',
  understanding: 'Understanding Your Chart',
};

/** An essay overlay's title; on a shared result the chart is named as that person's ("Understanding Bea’s Chart"). */
function titleOf(overlay: Exclude<OpenOverlay, 'about'>, chartOwner: string): string {
  return overlay === 'understanding' && chartOwner !== OWN_LABEL
    ? `Understanding ${possessive(chartOwner)} Chart`
    : ESSAY_TITLES[overlay];
}

/** Where focus goes back to when an overlay closes. */
function returnFocus(opener: Element | null): void {
  if (opener instanceof HTMLElement && opener.isConnected && opener.checkVisibility()) {
    opener.focus();
    return;
  }
  // The opener may have gone with the folded menu; the menu button stands in for it.
  const fallback = document.querySelector<HTMLElement>('[data-overlay-return]');
  if (fallback?.checkVisibility()) fallback.focus();
}

export default function Overlays({ aboutTitle, about, essays }: OverlaysProps) {
  const overlay = useStore($overlay);
  // Whose chart the results overlay explains: the visitor's, or a shared result's person.
  const chartOwner = resultLabels(useStore($resultOrigin), useStore($sharedName), null).own;
  const opener = useRef<Element | null>(null);
  const wasOpen = useRef(false);

  // Switching from one overlay to another keeps the first opener.
  useLayoutEffect(() => {
    const isOpen = overlay !== null;
    if (isOpen && !wasOpen.current) opener.current = document.activeElement;
    if (!isOpen && wasOpen.current) {
      returnFocus(opener.current);
      opener.current = null;
    }
    wasOpen.current = isOpen;
  }, [overlay]);

  if (overlay === null) return null;
  if (overlay === 'about') {
    // From About straight on to the essays: Explain takes About's place.
    const toEssays = (
      <button type="button" className="link-button" onClick={() => openOverlay('explain')}>
        read about the four values.
      </button>
    );
    return (
      <OverlayDialog key={overlay} id="overlay-about" title={aboutTitle} onClose={closeOverlay} actions={toEssays}>
        {about}
      </OverlayDialog>
    );
  }
  return (
    <OverlayDialog key={overlay} id={`overlay-${overlay}`} title={titleOf(overlay, chartOwner)} onClose={closeOverlay}>
      {overlay === 'understanding' && <ChartGuide label={chartOwner} />}
      {essays}
    </OverlayDialog>
  );
}
