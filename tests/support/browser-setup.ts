/**
 * For the projects that drive a browser against the running product: the
 * site and the migrated database, made once for the run (run-fixtures.ts).
 */
import type { TestProject } from 'vitest/node';
import { provideRunFixtures } from './run-fixtures.ts';

export default function setup(project: TestProject) {
  return provideRunFixtures(project, ['site', 'database']);
}
