/** The site built once for the run, shared with the Chromium suite when both run. */
import type { TestProject } from 'vitest/node';
import { provideBuiltSite } from '../../support/built-site.ts';

export default function setup(project: TestProject): () => void {
  return provideBuiltSite(project);
}
