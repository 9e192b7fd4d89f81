import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium } from '../scripts/chromium.ts';
import { phonePage } from '../scripts/interaction/phone.ts';
const url = process.argv[2]!;
const browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_FLAGS });
const { page } = await phonePage(browser);
page.on('console', (m) => console.log('console', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror', e.message));
const t0 = Date.now();
const log = async (what: string) => console.log(Date.now() - t0, what, await page.evaluate(() => [document.querySelectorAll('astro-island[ssr]').length, document.querySelector('[data-screen]')?.getAttribute('data-screen'), document.querySelectorAll('#quiz-name').length, !!document.querySelector('#quiz-question')].join(' ')));
await page.goto(url + '/', { waitUntil: 'commit' });
await page.evaluate(() => document.addEventListener('click', (e) => console.log('click seen', (e.target as Element).outerHTML.slice(0, 80), e.defaultPrevented), true)).catch(() => {});
const start = page.getByRole('button', { name: 'Start Quiz' });
await start.waitFor();
await log('visible');
const box = (await start.boundingBox())!;
await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
for (let i = 0; i < 8; i++) { await log('after tap'); await page.waitForTimeout(250); }
await page.locator('#quiz-name').waitFor();
await log('name visible');
await page.locator('#quiz-name').fill('Ada');
await page.keyboard.press('Enter');
await log('entered');
for (let i = 0; i < 20; i++) { await page.waitForTimeout(500); await log('t'); }
await browser.close();
