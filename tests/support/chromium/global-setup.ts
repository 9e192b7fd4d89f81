/**
 * Checks that a Chromium is there before any end-to-end test starts, and
 * provides the site built once for the run (tests/support/built-site.ts).
 */
import type { TestProject } from 'vitest/node';
import { findChromium } from '../../../scripts/chromium.ts';
import { provideBuiltSite } from '../built-site.ts';

export default function setup(project: TestProject): Promise<() => void> {
  findChromium();
  return provideBuiltSite(project);
}
