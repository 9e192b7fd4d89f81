import { it } from 'vitest';
import { launchBrowser } from '../../support/chromium/browser.ts';
import { startApp } from '../../support/chromium/app.ts';
import { readFileSync } from 'node:fs';
function cpu(): number { // whole machine busy jiffies
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  return (f.reduce((a, b) => a + b, 0) - f[3]! - f[4]!) / 100;
}
async function measure(label: string, fn: () => Promise<unknown>, n = 3) {
  const c0 = cpu(); const t0 = Date.now();
  for (let i = 0; i < n; i++) await fn();
  console.log(label, 'cpu/each', ((cpu() - c0) / n).toFixed(2), 'wall/each', ((Date.now() - t0) / n / 1000).toFixed(2));
}
it('probe', async () => {
  await measure('launch+close browser', async () => { const b = await launchBrowser(); await b.close(); });
  await measure('start+dispose app', async () => { const a = await startApp(); await a.dispose(); });
  const b = await launchBrowser(); const a = await startApp();
  await measure('context+page', async () => { const c = await b.newContext(); await c.newPage(); await c.close(); });
  const c = await b.newContext(); const p = await c.newPage();
  await measure('goto / + hydrate', async () => { await p.goto(a.url); await p.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0); });
  await measure('goto /values/love', async () => { await p.goto(a.url + '/values/love'); });
  await measure('idle 2s (page open on /)', async () => { await p.goto(a.url); await new Promise(r => setTimeout(r, 2000)); }, 1);
  await b.close(); await a.dispose();
}, 300000);
