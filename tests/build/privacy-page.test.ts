/**
 * The privacy page is plain HTML, listed in the sitemap, and every page
 * with the site's footer links to it from there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { htmlFiles } from '../../scripts/site-build.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../server/db/private-dir.ts';
import { NAME_RETENTION_EVERY_MS } from '../../server/retention.ts';
import { PUBLISH_BATCH } from '../../src/core/publication.ts';
import { DATA_STATUS } from '../../src/islands/data-status.ts';
import { QUESTIONS } from '../../src/core/questions.ts';

describe('/privacy', () => {
  const site = inject('siteDir');

  it('is built without any script, and listed in the sitemap', () => {
    const html = readFileSync(join(site, 'privacy.html'), 'utf8');
    expect(html).toContain('<h1>Your answers are yours</h1>');
    expect(html).not.toMatch(/<script|modulepreload|astro-island/i);
    const sitemaps = readdirSync(site).filter((f) => /^sitemap-\d+\.xml$/.test(f));
    const listed = sitemaps.map((f) => readFileSync(join(site, f), 'utf8')).join('\n');
    expect(listed).toMatch(/<loc>[^<]*\/privacy<\/loc>/);
  });

  it('is linked from the footer of every page that has one', () => {
    const footers = htmlFiles(site).map((page) => ({
      page,
      footer: /<footer class="site-footer[^"]*"[^>]*>([\s\S]*?)<\/footer>/.exec(
        readFileSync(join(site, page), 'utf8'),
      )?.[1],
    }));
    const withFooter = footers.filter((f) => f.footer !== undefined);
    expect(withFooter.map((f) => f.page)).toEqual(
      expect.arrayContaining(['404.html', 'figures.html', 'insights.html', 'privacy.html']),
    );
    expect(withFooter.filter((f) => !/<a href="\/privacy"/.test(f.footer!)).map((f) => f.page)).toEqual([]);
  });
});

/** The page's text as a reader gets it: no tags, entities read, one space between words. */
function pageText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&#x27;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,;:)])/g, '$1');
}

const schema = (file: string) => readFileSync(join('supabase/schemas', file), 'utf8');

/** A row of private.limits as supabase/schemas/20_limits.sql defines it. */
function limit(name: string): { count: number; within: string; lockout: string | null } {
  const row = new RegExp(`\\('${name}', (\\d+), '([^']+)', (null|'[^']+')`).exec(schema('20_limits.sql'));
  if (!row) throw new Error(`no limit ${name}`);
  return { count: Number(row[1]), within: row[2]!, lockout: row[3] === 'null' ? null : row[3]!.slice(1, -1) };
}

describe("/privacy's promises, each tied to where the code defines it", () => {
  const text = pageText(readFileSync(join(inject('siteDir'), 'privacy.html'), 'utf8'));

  it('names expire after the retention the schema sets, erased every hour', () => {
    const days = /\('name_retention_days', '(\d+)'/.exec(schema('70_name_retention.sql'))?.[1];
    expect(days).toBe('365');
    expect(NAME_RETENTION_EVERY_MS).toBe(60 * 60 * 1000);
    expect(text).toContain(
      `Names are erased after the period the site's operator sets, ${days} days unless they set another; the erasure runs every hour.`,
    );
  });

  it('the name is on the row of the scores, and the answers are not', () => {
    const columns = /create table public\.responses \(([\s\S]*?)\n\);/
      .exec(schema('30_responses.sql'))![1]!
      .split('\n')
      .filter((line) => /^ {2}[a-z_]+ /.test(line))
      .map((line) => line.trim().split(' ')[0]);
    expect(columns).toEqual([
      'id',
      'submission_id',
      'created_at',
      'name',
      ...['love', 'duty', 'honor', 'reason'],
      ...['love_normalized', 'duty_normalized', 'honor_normalized', 'reason_normalized'],
      'sample_key',
      'withdrawal_hash',
    ]);
    expect(text).toContain(
      'Your name is stored on that row, beside your four scores and the place on the map they give, and nowhere else.',
    );
    expect(text).toContain(`Your ${QUESTIONS.length} answers are not on it.`);
  });

  it('the public figures change in the batches the core sets, and a batch costs an attacker what the save cap says', () => {
    const saves = limit('submissions_per_client');
    expect(saves.within).toBe('1 hour');
    expect(text).toContain(`take in saves and removals ${PUBLISH_BATCH} at a time`);
    expect(text).toContain(
      `differ by a whole batch of at least ${PUBLISH_BATCH} saves and removals, never by your save alone`,
    );
    expect(text).toContain(
      `the site takes at most ${saves.count} saves an hour from one address, so it costs them ${PUBLISH_BATCH - 1} saves`,
    );
    expect(text).toContain(
      `they can pair it with its answers, until ${PUBLISH_BATCH - 1} more people have finished the quiz.`,
    );
    const home = pageText(readFileSync(join(inject('siteDir'), 'index.html'), 'utf8'));
    expect(home).toContain(`they take in new results in batches of ${PUBLISH_BATCH}`);
  });

  it("the hidden page's lock-out names the same wait as /privacy and private.limits", () => {
    const perClient = limit('wrong_passwords_per_client');
    const overall = limit('wrong_passwords_overall');
    // Either limit may refuse: the page names the longer wait of the two.
    expect(perClient.lockout).toBe('15 minutes');
    expect(overall.within).toBe('15 minutes');
    expect(DATA_STATUS.unlock.throttled).toContain(`refused here for up to ${perClient.lockout}`);
    expect(text).toContain(`is refused for ${perClient.lockout}`);
  });

  it('the password limits are the ones private.limits holds', () => {
    const perClient = limit('wrong_passwords_per_client');
    const overall = limit('wrong_passwords_overall');
    expect(text).toContain(
      `after ${perClient.count} within ${perClient.within}, an address (an IPv6 address by its /64 network) is refused for ${perClient.lockout}, ` +
        `and all addresses together get at most ${overall.count} wrong passwords in ${overall.within}.`,
    );
    expect(text).toContain('(a GET or HEAD) is refused before any password is checked.');
  });

  it('a share link carries a name only when the visitor adds one', () => {
    expect(text).toContain(
      `sees your map and your ${QUESTIONS.length} answers, which the link carries, and your first name only if you add one in the field beside the link`,
    );
  });

  it('the data folder is private, with the modes the server sets', () => {
    const mode = (m: number) => `0${m.toString(8)}`;
    expect(text).toContain(
      `every folder in it is mode ${mode(PRIVATE_DIR_MODE)} and every file ${mode(PRIVATE_FILE_MODE)}.`,
    );
  });

  it('says plainly how long a removed name may stay on disk and in backups', () => {
    expect(text).toContain(
      "until the database's write-ahead log is recycled: within the hour on the site's own server with its built-in database",
    );
    // With DATABASE_URL the log is the operator's server's, and the page says what that keeps.
    expect(text).toContain('a removed name can stay in it until about 1 GB of later changes has been written over it');
    expect(text).toContain(
      "A hosted project's daily backups keep a copy for as long as its plan keeps backups: 7 days",
    );
    expect(text).toContain('What stays of a result taken back is a hash of its id, without name, scores or answers');
  });
});

describe('About says the same of names and links', () => {
  it('the name is on the row of the scores, a shared link shows a name only when added', () => {
    const about = readFileSync('src/content/about/about.md', 'utf8').replace(/\s+/g, ' ');
    expect(about).toContain(
      'it is saved on the same row as your four scores and the place they give you on the map, not with your individual answers',
    );
    expect(about).toContain(
      'A link you share shows your map and your answers, and your first name only if you add it.',
    );
  });
});
