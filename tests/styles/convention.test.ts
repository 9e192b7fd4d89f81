/**
 * The CSS convention of the README, checked on the sources: shared look in
 * src/styles/global.css, scoped <style> in Astro components, a CSS module
 * beside each island; tokens and the reset written once, no rule twice.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = 'src';
const GLOBAL = 'src/styles/global.css';

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => relative('.', join(entry.parentPath, entry.name)))
    .sort();
}

interface Sheet {
  file: string;
  css: string;
}

/** Every stylesheet of the site: CSS files, and the <style> blocks of Astro files. */
function sheets(): Sheet[] {
  const css = filesUnder(SRC, '.css').map((file) => ({ file, css: readFileSync(file, 'utf8') }));
  const astro = filesUnder(SRC, '.astro').flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => ({ file, css: m[1]! })),
  );
  return [...css, ...astro];
}

interface Rule {
  /** The enclosing at-rules and the selector, e.g. "@media (max-width: 30rem) > .share". */
  path: string;
  body: string;
}

/** The rules of a stylesheet with their at-rule context; comments dropped. */
function rulesOf(css: string): Rule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: Rule[] = [];
  const stack: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '{') {
      stack.push(text.slice(start, i).replace(/\s+/g, ' ').trim());
      start = i + 1;
    } else if (ch === '}') {
      const header = stack.pop();
      if (header === undefined) throw new Error('unbalanced }');
      const body = text.slice(start, i).trim();
      // A block holding declarations, not nested rules.
      if (!header.startsWith('@') || body.includes(':')) {
        if (!/[{}]/.test(body)) rules.push({ path: [...stack, header].join(' > '), body });
      }
      start = i + 1;
    }
  }
  if (stack.length) throw new Error('unbalanced {');
  return rules;
}

describe('the CSS convention', () => {
  it('reads rules with their context, so the checks below can see a repeated one', () => {
    const rules = rulesOf('/* x */ .a { color: red; } @media (min-width: 1px) { .a { color: blue; } } .a { margin: 0; }');
    expect(rules.map((r) => r.path)).toEqual(['.a', '@media (min-width: 1px) > .a', '.a']);
  });

  it('keeps one plain stylesheet, global.css, imported once by the layout; islands use CSS modules', () => {
    const plain = filesUnder(SRC, '.css').filter((file) => !file.endsWith('.module.css'));
    expect(plain).toEqual([GLOBAL]);
    const importers = [...filesUnder(SRC, '.astro'), ...filesUnder(SRC, '.tsx'), ...filesUnder(SRC, '.ts')].filter((file) =>
      /import\s+['"][^'"]*global\.css['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(importers).toEqual(['src/layouts/Base.astro']);
    const modules = filesUnder(SRC, '.module.css');
    expect(modules.length).toBeGreaterThan(0);
    for (const file of modules) expect(file.startsWith('src/islands/'), file).toBe(true);
  });

  it('declares custom properties (the tokens) in global.css only', () => {
    const declaring = sheets()
      .filter((sheet) => sheet.file !== GLOBAL)
      .filter((sheet) => rulesOf(sheet.css).some((rule) => /(^|;)\s*--[\w-]+\s*:/.test(rule.body)))
      .map((sheet) => sheet.file);
    expect(declaring).toEqual([]);
  });

  it('resets once: box-sizing and the universal selector appear in global.css only', () => {
    const resetting = sheets()
      .filter((sheet) => sheet.file !== GLOBAL)
      .filter((sheet) => rulesOf(sheet.css).some((rule) => /box-sizing/.test(rule.body) || /(^|[\s>,])\*/.test(rule.path)))
      .map((sheet) => sheet.file);
    expect(resetting).toEqual([]);
  });

  it('writes no rule twice in one stylesheet', () => {
    const repeated: string[] = [];
    for (const sheet of sheets()) {
      const seen = new Set<string>();
      for (const rule of rulesOf(sheet.css)) {
        // Keyframe steps repeat by nature (from/to in each animation).
        if (/@keyframes/.test(rule.path)) continue;
        if (seen.has(rule.path)) repeated.push(`${sheet.file}: ${rule.path}`);
        seen.add(rule.path);
      }
    }
    expect(repeated).toEqual([]);
  });

  it('styles the page chrome in its component: global.css names no header, essay, pager or footer class', () => {
    const selectors = rulesOf(readFileSync(GLOBAL, 'utf8')).map((rule) => rule.path);
    expect(selectors.filter((s) => /site-header|brand|essay|pager|site-footer|topbar|overlay|quiz/.test(s))).toEqual([]);
  });
});
