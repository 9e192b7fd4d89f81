/**
 * The CSS convention of docs/architecture.md, checked on the sources: shared look in
 * src/styles/ (global.css with the tokens and the reset, buttons.css, prose.css), scoped <style> in Astro components, a CSS module
 * beside each island; tokens and the reset written once, no rule twice; no
 * class in a CSS module that no component importing it uses; and no class
 * used in a component that no style defines (the built pages are
 * checked in tests/build/built-classes.test.ts, where the run's build is).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classesDefinedIn, filesUnder } from '../support/css.ts';

const SRC = 'src';
const GLOBAL = 'src/styles/global.css';
/** The plain stylesheets every page shares, in the order the layout imports them. */
const SHARED = [GLOBAL, 'src/styles/buttons.css', 'src/styles/prose.css'];

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

/** The end of a `{ ... }` expression that opens at `start`, braces balanced. */
function closingBrace(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  throw new Error('unbalanced {');
}

/**
 * The class names a component's markup writes out: the words of every
 * class, className or class:list attribute, whether a plain string or the
 * string parts of an expression (a template's text, a class:list key).
 */
function classesUsedIn(source: string): string[] {
  const words: string[] = [];
  for (const m of source.matchAll(/\b(?:class|className|class:list)=(?:"([^"]*)"|\{)/g)) {
    if (m[1] !== undefined) {
      words.push(...m[1].split(/\s+/));
      continue;
    }
    const start = m.index + m[0].length - 1;
    const expression = source.slice(start, closingBrace(source, start) + 1).replace(/\$\{[^}]*\}/g, ' ');
    for (const literal of expression.matchAll(/'([^']*)'|"([^"]*)"|`([^`]*)`/g)) {
      words.push(...(literal[1] ?? literal[2] ?? literal[3] ?? '').split(/\s+/));
    }
  }
  return words.filter((w) => /^-?[_a-zA-Z][\w-]*$/.test(w));
}

/** `styles.name` and `styles['name']` for each CSS module a component imports, with the module's file. */
function moduleClassesUsedIn(file: string, source: string): { module: string; name: string }[] {
  const used: { module: string; name: string }[] = [];
  for (const [, local, path] of source.matchAll(/import\s+(\w+)\s+from\s+['"](\.[^'"]+\.module\.css)['"]/g)) {
    const module = join(dirname(file), path!);
    // Not inside a path or after a dot: \`results.ts\` in an import is no use of \`results\`.
    for (const m of source.matchAll(new RegExp(`(?<![\\w$./-])${local}(?:\\.(\\w+)|\\[['"]([\\w-]+)['"]\\])`, 'g'))) {
      used.push({ module, name: (m[1] ?? m[2])! });
    }
  }
  return used;
}

/** The CSS modules a component reads by a computed key, `styles[shape]`, rather than by a name written out. */
function modulesReadByComputedKey(file: string, source: string): string[] {
  return [...source.matchAll(/import\s+(\w+)\s+from\s+['"](\.[^'"]+\.module\.css)['"]/g)]
    .filter(([, local]) => new RegExp(`(?<![\\w$./-])${local}\\[(?!['"])`).test(source))
    .map(([, , path]) => join(dirname(file), path!));
}

describe('the CSS convention', () => {
  it('reads rules with their context, so the checks below can see a repeated one', () => {
    const rules = rulesOf(
      '/* x */ .a { color: red; } @media (min-width: 1px) { .a { color: blue; } } .a { margin: 0; }',
    );
    expect(rules.map((r) => r.path)).toEqual(['.a', '@media (min-width: 1px) > .a', '.a']);
  });

  it('keeps the shared plain stylesheets in src/styles, each imported once, by the layout, in order; components use CSS modules beside them', () => {
    const plain = filesUnder(SRC, '.css').filter((file) => !file.endsWith('.module.css'));
    expect([...plain].sort()).toEqual([...SHARED].sort());
    const sources = [...filesUnder(SRC, '.astro'), ...filesUnder(SRC, '.tsx'), ...filesUnder(SRC, '.ts')];
    for (const sheet of SHARED) {
      const name = sheet.split('/').pop()!.replace('.', '\\.');
      const importers = sources.filter((file) =>
        new RegExp(`import\\s+['"][^'"]*${name}['"]`).test(readFileSync(file, 'utf8')),
      );
      expect(importers, sheet).toEqual(['src/layouts/Base.astro']);
    }
    const layout = readFileSync('src/layouts/Base.astro', 'utf8');
    const order = SHARED.map((sheet) => layout.indexOf(`'../styles/${sheet.split('/').pop()}'`));
    expect(
      order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!)),
      order.join(', '),
    ).toBe(true);
    const modules = filesUnder(SRC, '.module.css');
    expect(modules.length).toBeGreaterThan(0);
    // Each module sits beside a React component that imports it.
    for (const file of modules) {
      const name = file.split('/').pop()!;
      const beside = sources.filter(
        (source) =>
          source.endsWith('.tsx') &&
          dirname(source) === dirname(file) &&
          readFileSync(source, 'utf8').includes(`from './${name}'`),
      );
      expect(beside.length, `${file}: imported by a component beside it`).toBeGreaterThan(0);
    }
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
      .filter((sheet) =>
        rulesOf(sheet.css).some((rule) => /box-sizing/.test(rule.body) || /(^|[\s>,])\*/.test(rule.path)),
      )
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

  it('styles the page chrome in its component: the shared stylesheets name no header, essay, pager or footer class', () => {
    const selectors = SHARED.flatMap((sheet) => rulesOf(readFileSync(sheet, 'utf8')).map((rule) => rule.path));
    expect(selectors.filter((s) => /site-header|brand|essay|pager|site-footer|topbar|overlay|quiz/.test(s))).toEqual(
      [],
    );
  });

  it('reads the classes a selector defines and the classes markup uses', () => {
    expect([
      ...classesDefinedIn(
        '/* .gone */ .a, .b:not(.c) > p { background: url(x.png); } @media (width > 40.5rem) { .d { margin: 0; } }',
      ),
    ]).toEqual(['a', 'b', 'c', 'd']);
    const markup = `<p class="lede big"><b className={\`btn \${styles.start}\`} class:list={['essay', { 'essay--open': open }]} className={x ? "y" : undefined}>`;
    expect(classesUsedIn(markup)).toEqual(['lede', 'big', 'btn', 'essay', 'essay--open', 'y']);
    expect(
      moduleClassesUsedIn(
        'src/islands/A.tsx',
        "import styles from './a.module.css';\nimport './styles.ts';\nstyles.root; styles['b-c'];",
      ),
    ).toEqual([
      { module: 'src/islands/a.module.css', name: 'root' },
      { module: 'src/islands/a.module.css', name: 'b-c' },
    ]);
    expect(
      modulesReadByComputedKey(
        'src/islands/A.tsx',
        "import styles from './a.module.css';\nstyles[shape]; styles['b'];",
      ),
    ).toEqual(['src/islands/a.module.css']);
    expect(
      modulesReadByComputedKey('src/islands/A.tsx', "import styles from './a.module.css';\nstyles['b-c']; styles.d;"),
    ).toEqual([]);
  });

  it('uses in components only classes that a stylesheet defines: a shared one, a scoped <style> or the CSS module used', () => {
    const defined = new Set(sheets().flatMap((sheet) => [...classesDefinedIn(sheet.css)]));
    const undefinedClasses: string[] = [];
    for (const file of [...filesUnder(SRC, '.astro'), ...filesUnder(SRC, '.tsx')]) {
      const source = readFileSync(file, 'utf8');
      for (const name of classesUsedIn(source)) if (!defined.has(name)) undefinedClasses.push(`${file}: ${name}`);
      for (const { module, name } of moduleClassesUsedIn(file, source)) {
        if (!classesDefinedIn(readFileSync(module, 'utf8')).has(name))
          undefinedClasses.push(`${file}: ${name} (not in ${module})`);
      }
    }
    expect(undefinedClasses).toEqual([]);
  });

  it('keeps in a CSS module only classes that a component importing it uses', () => {
    const used = new Set<string>();
    // A module read by a computed key (`styles[shape]`) may reach any of its classes: which, only the code knows.
    const computed = new Set<string>();
    for (const file of filesUnder(SRC, '.tsx')) {
      const source = readFileSync(file, 'utf8');
      for (const { module, name } of moduleClassesUsedIn(file, source)) used.add(`${module}: ${name}`);
      for (const module of modulesReadByComputedKey(file, source)) computed.add(module);
    }
    const unused = filesUnder(SRC, '.module.css')
      .filter((module) => !computed.has(module))
      .flatMap((module) =>
        [...classesDefinedIn(readFileSync(module, 'utf8'))]
          .map((name) => `${module}: ${name}`)
          .filter((entry) => !used.has(entry)),
      );
    expect(unused).toEqual([]);
  });
});
