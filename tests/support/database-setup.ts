/** The database migrated once for the run (run-fixtures.ts), for the tests that open fresh copies of it. */
import type { TestProject } from 'vitest/node';
import { provideRunFixtures } from './run-fixtures.ts';

export default function setup(project: TestProject) {
  return provideRunFixtures(project, ['database']);
}
