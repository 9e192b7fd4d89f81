/**
 * The Nu HTML Checker (vnu, the W3C's validator) from the npm package
 * `vnu-jar`, run on the machine's Java. Read by tests/build/html-validity.test.ts
 * and by `npm test`, which installs Debian's Java when it is missing and this
 * runs as root.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { JAVA_PACKAGE, onPath } from './debian-packages.mjs';

function javaBinary(): string | undefined {
  return onPath('java');
}

/** The path of vnu.jar: the package's main export is that path. */
function vnuJar(): string {
  return String(createRequire(import.meta.url)('vnu-jar'));
}

export interface HtmlMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/** Every error the checker finds in the HTML files under `dir` (warnings left out). */
export function htmlErrors(dir: string): HtmlMessage[] {
  const java = javaBinary();
  if (!java) throw new Error(`No Java to run the Nu HTML Checker: install Debian's ${JAVA_PACKAGE}.`);
  // One Java process for the whole site: the checker takes a folder and reads every page in it.
  const run = spawnSync(java, ['-jar', vnuJar(), '--errors-only', '--format', 'json', '--skip-non-html', dir], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  // The report goes to stderr, as JSON, whether or not there are errors.
  const report = JSON.parse(run.stderr) as { messages: HtmlMessage[] };
  return report.messages.filter((m) => m.type === 'error' || m.subType === 'fatal');
}
