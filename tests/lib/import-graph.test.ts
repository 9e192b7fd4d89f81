/**
 * The shape of src's imports, read from the source files: no module may
 * reach itself through its imports, static or lazy (`import()`: a module
 * loaded later that imports its loader back is still a circle to the
 * reader), and src/lib stays shallow enough to hold in one's head.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve('src');
/** How many floors src/lib may have: a module importing nothing of src/lib is floor 1, one importing it floor 2, and so on. */
const LIB_FLOORS = 5;

type Graph = ReadonlyMap<string, readonly string[]>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** The specifiers of a file's lazy `import('…')` calls. */
function lazySpecifiers(node: ts.Node): string[] {
  const found: string[] = [];
  const walk = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = n.arguments;
      if (specifier && ts.isStringLiteral(specifier)) found.push(specifier.text);
    }
    ts.forEachChild(n, walk);
  };
  walk(node);
  return found;
}

/**
 * Each file's imports and re-exports of other files under src, by path from
 * src: the static ones (type-only ones too) and, with `lazy`, its `import()`
 * calls as well.
 */
function importGraph(lazy: boolean): Graph {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const specifiers = source.statements.flatMap((statement) => {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) return [];
      const specifier = statement.moduleSpecifier;
      return specifier && ts.isStringLiteral(specifier) ? [specifier.text] : [];
    });
    if (lazy) specifiers.push(...lazySpecifiers(source));
    const targets = specifiers
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolve(dirname(file), specifier))
      .filter((target) => /\.tsx?$/.test(target));
    graph.set(relative(SRC, file), [...new Set(targets.map((target) => relative(SRC, target)))]);
  }
  return graph;
}

/** Every import circle, each once, as the path that closes it. */
function circles(graph: Graph): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string): void => {
    const at = path.indexOf(file);
    if (at >= 0) {
      found.push([...path.slice(at), file]);
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    path.pop();
    done.add(file);
  };
  for (const file of graph.keys()) visit(file);
  return found;
}

/** The floor of each module of `folder`, counting only imports within that folder (the graph has no circle there). */
function floors(graph: Graph, folder: string): Map<string, number> {
  const inside = (file: string) => file.startsWith(`${folder}/`);
  const floor = new Map<string, number>();
  const of = (file: string): number => {
    const known = floor.get(file);
    if (known !== undefined) return known;
    const below = (graph.get(file) ?? []).filter(inside).map(of);
    const own = 1 + Math.max(0, ...below);
    floor.set(file, own);
    return own;
  };
  for (const file of graph.keys()) if (inside(file)) of(file);
  return floor;
}

describe("src's import graph", () => {
  const graph = importGraph(false);

  it('has no circle through static imports', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('has no circle through lazy imports either', () => {
    expect(circles(importGraph(true))).toEqual([]);
  });

  it(`keeps src/lib at most ${LIB_FLOORS} floors deep`, () => {
    const deepest = [...floors(graph, 'lib')].filter(([, floor]) => floor > LIB_FLOORS);
    expect(deepest).toEqual([]);
  });

  it('reads imports as the checks above need them', () => {
    // The outbox imports the API client's types; the store that sends what waits loads the outbox only lazily.
    expect(graph.get('lib/outbox.ts')).toContain('lib/api.ts');
    expect(graph.get('stores/waiting-sends.ts')).not.toContain('lib/outbox.ts');
    expect(importGraph(true).get('stores/waiting-sends.ts')).toContain('lib/outbox.ts');
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c', 'a']]);
    expect(
      floors(
        new Map([
          ['lib/a', ['lib/b']],
          ['lib/b', []],
          ['x', ['lib/a']],
        ]),
        'lib',
      ),
    ).toEqual(
      new Map([
        ['lib/b', 1],
        ['lib/a', 2],
      ]),
    );
  });
});
