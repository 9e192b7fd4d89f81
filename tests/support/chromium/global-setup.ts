/**
 * Checks that a Chromium is there before any end-to-end test starts, and
 * provides the site and the migrated database made once for the run
 * (tests/support/run-fixtures.ts).
 */
import type { TestProject } from 'vitest/node';
import { findTestChromium } from '../../../scripts/chromium.ts';
import { provideRunFixtures } from '../run-fixtures.ts';

export default function setup(project: TestProject) {
  findTestChromium();
  return provideRunFixtures(project, ['site', 'database']);
}
