/** The engines of the cross-engine suite, and how each one starts. */
import { firefoxBinary, webkitBinaries, type EngineId, type WebKitBinaries } from '../../../scripts/engine-binaries.ts';
import type { RunningApp } from '../chromium/app.ts';
import { startFirefox } from './firefox.ts';
import { hookedFront, type Front } from './hooked-front.ts';
import type { Session } from './session.ts';
import { startWebKit } from './webkit.ts';

export interface Engine {
  readonly id: EngineId;
  readonly title: string;
  start(): Promise<Session>;
  /** What the engine is pointed at instead of the product itself, when its driver needs help to watch a page from its start. */
  front?(app: RunningApp): Promise<Front>;
}

export const FIREFOX: Engine = {
  id: 'firefox',
  title: 'Firefox ESR',
  start: () => startFirefox(firefoxBinary()!),
};

export const WEBKIT: Engine = {
  id: 'webkit',
  title: 'WebKitGTK',
  start: () => startWebKit(webkitBinaries() as WebKitBinaries),
  front: hookedFront,
};
