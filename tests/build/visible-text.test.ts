/**
 * Every built page reads as sentences: no sentence's end touches the next
 * word ("…Honor and Reason.See how everyone answered."). Astro drops the
 * line break between a text and the element after it, so two links or a
 * sentence and a link written on separate lines of a component can meet
 * with no space in the HTML.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { filesUnder } from '../support/css.ts';

/** Elements whose edges end a line of text as the browser lays it out. */
const BLOCK =
  /^(address|article|aside|blockquote|br|caption|dd|details|dialog|div|dl|dt|figcaption|figure|footer|form|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|summary|table|td|th|tr|ul|button|label|input|select|textarea|option)$/i;

/** The text a visitor reads on a built page: no head, scripts, styles or templates; blocks on lines of their own. */
function visibleText(html: string): string {
  return html
    .replace(/<head[\s\S]*?<\/head>/gi, '')
    .replace(/<(script|style|template|svg|noscript)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?([a-z][a-z0-9-]*)\b[^>]*>/gi, (_, name: string) => (BLOCK.test(name) ? '\n' : ''))
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"');
}

/**
 * A sentence's end (., !, ?, :, ;) right before a capital letter, or a
 * closing quote before a word: a ” after a word or a stop, or a ’ or " after
 * a stop (a ’ between two letters is an apostrophe).
 */
const RUN_TOGETHER = /[a-z\d)][.!?:;][A-Z][a-z]|[\p{L}\d.!?,;:)]”\p{L}|[.!?,;:][’"]\p{L}/gu;

/** Places in `text` where a sentence ends and the next word follows without a space, with some context. */
function runTogether(text: string): string[] {
  return [...text.matchAll(RUN_TOGETHER)].map((m) =>
    text.slice(Math.max(0, m.index - 25), m.index + 25).replace(/\s+/g, ' '),
  );
}

describe('the visible text of every built page', () => {
  it('finds a run-together sentence in a page written like that', () => {
    expect(runTogether(visibleText('<p>Honor and Reason.<a href="/insights">See how</a></p>'))).toHaveLength(1);
    expect(
      runTogether(visibleText('<p>Honor and Reason. <a href="/insights">See how</a></p><p>Next.</p><p>Line</p>')),
    ).toEqual([]);
  });

  it('finds a closing quote that touches the next word, and leaves apostrophes and spaced quotes alone', () => {
    for (const html of [
      '<p>Under “How Do You Compare?”<a href="/">the bars</a></p>',
      '<p>She says “Till this moment”she knew</p>',
      '<p>‘When honour’s at the stake.’<em>Soldiers</em></p>',
      '<p>The placeholder "What\'s your name?"<strong>Type</strong></p>',
    ])
      expect(runTogether(visibleText(html)), html).toHaveLength(1);
    expect(
      runTogether(
        visibleText(
          '<p>Rhea’s map. “How Do You Compare?” <a href="/">See</a> ‘When honour’s at the stake’ ("quoted")</p>',
        ),
      ),
    ).toEqual([]);
  });

  it('never has a sentence end touch the next word', () => {
    const site = inject('siteDir');
    const pages = filesUnder(site, '.html');
    expect(pages.length).toBeGreaterThan(70);
    const found: string[] = [];
    for (const file of pages) {
      for (const place of runTogether(visibleText(readFileSync(file, 'utf8'))))
        found.push(`${relative(site, file)}: …${place}…`);
    }
    expect(found).toEqual([]);
  });
});
