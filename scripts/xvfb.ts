/**
 * A virtual X display (Debian's Xvfb) for a browser that runs with a window:
 * WebKitGTK in the cross-engine tests, and Chromium in `npm run
 * bench:interaction`, whose headless mode holds back some paints
 * (docs/performance.md, "Tried and dropped").
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** An X display of its own, numbered by Xvfb itself so that parallel runs never collide. */
export function startXvfb(xvfb: string): Promise<{ display: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(xvfb, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let said = '';
    child.stdio[3]!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('\n')) resolve({ display: `:${said.trim()}`, child });
    });
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}: ${errors.slice(-500)}`)));
  });
}
