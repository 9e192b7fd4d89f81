/** Folders the build or a run makes: a document may name them before they exist. */
const MADE_BY_A_RUN = /^(dist(\.builds)?|\.data|\.test-results|node_modules|\.astro)(\/|$)/;
const SOURCE_FILE = /\.(ts|tsx|js|mjs|astro|css|sql|md|json|yml|service|timer)$/;

/**
 * The repository paths a Markdown text names in code spans: a token with a
 * slash or a source file's extension, not an address (`/values/love`), a
 * pattern (`*`, `<…>`), a variable (`DATA_DIR/…`) or a command.
 */
export function namedPaths(markdown: string): string[] {
  const paths: string[] = [];
  for (const [, span = ''] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const token = span.trim();
    // An address, an option, or a path relative to a file the text names.
    if (/[\s*<>{}$=:?&|]/.test(token) || /^(\/|-|\.\/)/.test(token)) continue;
    if (/^[A-Z][A-Z0-9_]+\//.test(token) || MADE_BY_A_RUN.test(token)) continue;
    // A bare file name is named in the context of a folder the text gives.
    if (!token.includes('/') || token.startsWith('@') || !SOURCE_FILE.test(token.replace(/\/$/, '/.md'))) continue;
    if (!/^[\w.@-]+(\/[\w.@[\]-]+)*\/?$/.test(token)) continue;
    paths.push(token);
  }
  return paths;
}

/**
 * The names of code a Markdown text gives in code spans: a SQL function,
 * table or column (`snake_case`, maybe `schema.qualified`, maybe with `()`),
 * a store (`$name`) or a function (`camelCase`). Constants in capitals and
 * plain words are left out.
 */
export function namedIdentifiers(markdown: string): string[] {
  const names: string[] = [];
  for (const [, span = ''] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const match = /^(\$?[A-Za-z_]\w*(?:\.[a-z_]\w*)?)(?:\(\))?$/.exec(span.trim());
    const name = match?.[1];
    if (!name || /^[A-Z0-9_]+$/.test(name)) continue;
    if (name.includes('_') || name.startsWith('$') || /[a-z][A-Z]/.test(name)) names.push(name);
  }
  return names;
}
