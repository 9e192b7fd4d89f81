import { beforeAll, describe, expect, it } from 'vitest';
import { ELEMENT_NODE, parse, walkSync, type ElementNode } from 'ultrahtml';
import { useProduct } from '../support/chromium/product.ts';

const ESSAYS = [
  { path: '/values/love', title: 'Love' },
  { path: '/values/duty', title: 'Duty' },
  { path: '/values/honor', title: 'Honor' },
  { path: '/values/reason', title: 'Reason' },
  { path: '/values', title: 'The four values' },
];

interface Head {
  title: string;
  canonical?: string;
  meta: Record<string, string>;
  scripts: number;
  h1: string[];
}

function readHead(html: string): Head {
  const head: Head = { title: '', meta: {}, scripts: 0, h1: [] };
  const text = (el: ElementNode): string =>
    el.children.map((c) => (c.type === ELEMENT_NODE ? text(c as ElementNode) : String(c.value ?? ''))).join('');
  walkSync(parse(html), (node) => {
    if (node.type !== ELEMENT_NODE) return;
    const el = node as ElementNode;
    if (el.name === 'title') head.title = text(el);
    if (el.name === 'h1') head.h1.push(text(el).trim());
    if (el.name === 'script') head.scripts += 1;
    if (el.name === 'link' && el.attributes.rel === 'canonical') head.canonical = el.attributes.href;
    const key = el.attributes.property ?? el.attributes.name;
    if (el.name === 'meta' && key) head.meta[key] = el.attributes.content ?? '';
  });
  return head;
}

describe('the value essays as pages, robots.txt, sitemap.xml and the unlisted /hehe', () => {
  const product = useProduct({ browser: false });
  let site: string;

  beforeAll(async () => {
    // Canonical and sitemap addresses use the configured public site, not the test server's port.
    const robots = await (await fetch(`${product.app.url}/robots.txt`)).text();
    site = new URL(/^Sitemap: (.+)$/m.exec(robots)?.[1] ?? 'missing:').origin;
  });

  for (const essay of ESSAYS) {
    it(`${essay.path} is served without JavaScript, with its title, description, canonical URL and Open Graph tags`, async () => {
      const res = await fetch(`${product.app.url}${essay.path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      const html = await res.text();
      const head = readHead(html);
      expect(head.scripts).toBe(0);
      expect(html).not.toMatch(/<script|modulepreload|astro-island/i);
      expect(head.h1).toEqual([essay.title]);
      expect(head.title).toContain(essay.title);
      expect(head.meta.description?.length).toBeGreaterThan(30);
      expect(head.canonical).toBe(`${site}${essay.path}`);
      expect(head.meta['og:url']).toBe(head.canonical);
      expect(head.meta['og:title']).toBe(head.title);
      expect(head.meta['og:description']).toBe(head.meta.description);
      expect(head.meta['og:type']).toBe('article');
      expect(head.meta.robots).toBeUndefined();
      expect(html).toContain('Literary references');
    });
  }

  it('robots.txt lets crawlers in, names the sitemap and not /hehe (its noindex must stay readable)', async () => {
    const res = await fetch(`${product.app.url}/robots.txt`);
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines.filter((line) => line.includes('/hehe') || line.startsWith('Disallow'))).toEqual([]);
    expect(lines).toContain(`Sitemap: ${site}/sitemap.xml`);
  });

  it('/hehe tells search engines to keep it out of their index and has no canonical address', async () => {
    const res = await fetch(`${product.app.url}/hehe`);
    expect(res.status).toBe(200);
    const head = readHead(await res.text());
    expect(head.meta.robots).toBe('noindex, nofollow');
    expect(head.canonical).toBeUndefined();
  });

  it('sitemap.xml lists "/" and every essay page, and not /hehe', async () => {
    const res = await fetch(`${product.app.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    const locs = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
    expect(locs).toEqual(expect.arrayContaining(['/', ...ESSAYS.map((e) => e.path)]));
    expect(locs.filter((p) => p.startsWith('/hehe'))).toEqual([]);
    const index = await fetch(`${product.app.url}/sitemap-index.xml`);
    expect(index.status).toBe(200);
  });
});
