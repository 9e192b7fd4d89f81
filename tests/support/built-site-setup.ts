/** The site built once for the run (built-site.ts), for the projects that read it but drive no Chromium. */
import type { TestProject } from 'vitest/node';
import { provideBuiltSite } from './built-site.ts';

export default function setup(project: TestProject): Promise<() => void> {
  return provideBuiltSite(project);
}
