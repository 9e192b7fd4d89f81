/** The site built once for the run, shared with the Chromium suite when both run. */
import type { TestProject } from 'vitest/node';
import { provideBuiltSite } from '../built-site.ts';

export default function setup(project: TestProject): Promise<() => void> {
  return provideBuiltSite(project);
}
