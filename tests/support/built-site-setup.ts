/** The site built once for the run (run-fixtures.ts), for the project that reads the build output. */
import type { TestProject } from 'vitest/node';
import { provideRunFixtures } from './run-fixtures.ts';

export default function setup(project: TestProject) {
  return provideRunFixtures(project, ['site']);
}
