import { useEffect, useState } from 'react';
import { afterNextPaint } from './after-paint.ts';

/**
 * False in a component's first render, true from the render after its first
 * paint: what the tap that opened a screen asked for is drawn in the tap,
 * and what lies below it in a render of its own, after the frame that shows
 * the rest.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let live = true;
    afterNextPaint(() => live && setPainted(true));
    return () => {
      live = false;
    };
  }, []);
  return painted;
}
