/**
 * A build says nothing an operator should act on: every warning Astro or
 * Vite prints is either fixed at its cause or would show here. (Shiki's
 * warning that its inline styles break the policy was one: no page shows
 * code, so highlighting is off.)
 */
import { expect, inject, it } from 'vitest';

it('prints no warning', () => {
  const log = inject('siteBuildLog');
  // The build ran and was logged: its last step is here.
  expect(log).toMatch(/Complete!/);
  const warnings = log.split('\n').filter((line) => /\[WARN\]|\bwarning\b/i.test(line));
  expect(warnings).toEqual([]);
});
