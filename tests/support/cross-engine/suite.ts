/**
 * The cross-engine suite: one flow per behaviour a visitor relies on, run in
 * one engine against one server of its own, in order, in one tab. The
 * Chromium suite (tests/e2e)
 * holds the detailed cases; this one makes sure each behaviour works at all
 * in the other engines.
 *
 * An engine that cannot start is said so in one line; its flows then fail
 * under CI and are skipped elsewhere, naming the Debian packages to install.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../chromium/app.ts';
import { spreadRespondents, submitAll } from '../chromium/insights-page.ts';
import { ENGINE_PACKAGES, missingPackages } from '../../../scripts/engine-binaries.ts';
import type { Engine } from './engines.ts';
import type { Front } from './hooked-front.ts';
import type { Session } from './session.ts';
import { sessionVisitor } from './visitor.ts';
import type { Visitor } from '../visitor.ts';

export interface Context {
  session: Session;
  /** The visitor in the session's tab. */
  visitor: Visitor;
  app: RunningApp;
}

export type Flow = (context: Context) => Promise<void>;

/** A flow with its name and the page's reports it must cause (a failed save offline is told on the console). */
export type NamedFlow = readonly [name: string, flow: Flow, expectedProblems?: readonly RegExp[]];

/** Respondents the server starts with, so that /insights and /hehe have dots to draw and a name to find. */
const SEEDED = spreadRespondents(['Marigold Vantablack', null, 'Ottoline Quaybridge']);

const IN_CI = Boolean(process.env.CI) && process.env.CI !== 'false';

/** The one line that says an engine cannot start, why, and what to install. */
function cannotStart(engine: Engine, error: unknown): string {
  const missing = missingPackages(engine.id);
  const packages = (missing.length ? missing : ENGINE_PACKAGES[engine.id]).join(' ');
  const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  return `${engine.title} cannot start (${reason}): its cross-engine tests ${IN_CI ? 'count as failed' : 'are skipped'}; install it with \`apt-get install -y ${packages}\`.`;
}

export function describeEngine(engine: Engine, flows: readonly NamedFlow[]): void {
  describe(`${engine.title}, phone-sized`, () => {
    let app: RunningApp | undefined;
    let front: Front | undefined;
    let session: Session | undefined;
    let unavailable: string | undefined;

    beforeAll(async () => {
      const missing = missingPackages(engine.id);
      const [started, launched] = await Promise.allSettled([
        startApp().then(async (running) => {
          app = running;
          await submitAll(running, SEEDED);
          if (engine.front) front = await engine.front(running);
        }),
        missing.length ? Promise.reject(new Error(`missing Debian package ${missing.join(', ')}`)) : engine.start(),
      ]);
      if (launched.status === 'fulfilled') session = launched.value;
      else {
        unavailable = cannotStart(engine, launched.reason);
        console.warn(unavailable);
      }
      if (started.status === 'rejected') throw started.reason;
    });

    afterAll(async () => {
      await session?.close();
      await front?.close();
      await app?.dispose();
    });

    /** The running engine and server, or the test is failed (CI) or skipped (elsewhere) for want of them. */
    function running(test: { skip(note?: string): void }): Context {
      if (session && app) return { session, visitor: sessionVisitor(session), app: front?.app ?? app };
      if (IN_CI) throw new Error(unavailable);
      test.skip(unavailable);
      throw new Error('unreachable: skip() ends the test');
    }

    // What went wrong in the page, by the flow it happened in.
    const problems: string[] = [];
    let told = 0;

    for (const [name, flow, expected = []] of flows) {
      it(name, async (test) => {
        const context = running(test);
        try {
          await flow(context);
        } finally {
          const seen = await context.session.problems().catch((error: unknown) => [`unreadable: ${String(error)}`]);
          const unexpected = seen.slice(told).filter((p) => !expected.some((pattern) => pattern.test(p)));
          problems.push(...unexpected.map((p) => `${name}: ${p.split('\n')[0]}`));
          told = seen.length;
        }
      });
    }

    it('no console error and no Content-Security-Policy violation in any flow', async (test) => {
      const { session } = running(test);
      problems.push(...(await session.problems()).slice(told));
      expect(problems).toEqual([]);
    });
  });
}
