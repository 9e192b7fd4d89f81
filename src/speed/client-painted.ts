/**
 * The `client:painted` directive (integration.ts), run in the page:
 * it fetches an island's code and hydrates it once the page's first
 * contentful paint is on the screen. Astro's `client:load` requests the code
 * while the HTML is still being parsed, so on a slow phone its download
 * competes with the first paint (docs/speed.md has the measured LCP).
 * `client:idle` sometimes runs before the first paint too, when the main
 * thread waits on the network; and the task right after the paint may still
 * come before the paint is shown (after-paint.ts). A tap in the moment
 * before hydration is held and played back (early-taps.js).
 */
import type { ClientDirective } from 'astro';
import { afterFirstContentfulPaint } from './after-paint.ts';

const hydrateWhenPainted: ClientDirective = (load) => {
  afterFirstContentfulPaint(async () => {
    const hydrate = await load();
    await hydrate();
  });
};

export default hydrateWhenPainted;
