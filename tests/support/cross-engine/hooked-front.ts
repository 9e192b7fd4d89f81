/**
 * A front server for an engine whose driver cannot run a script before the
 * page's own (WebKitGTK over classic WebDriver): it passes every request to
 * the product unchanged, except that each HTML page gets one same-origin
 * script as the first child of its <head>, which installs the watch over
 * policy violations and errors before the page parses anything else. So a
 * violation or an error raised while the page loads is seen as Firefox's
 * watch sees it.
 */
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningApp } from '../chromium/app.ts';
import { installPageHooks } from './session.ts';

const HOOKS_PATH = '/__cross-engine-hooks.js';
/** Set by the early script, so a document it did not reach is told apart. */
export const EARLY_FLAG = '__crossEngineHooksEarly';

const HOOKS_SCRIPT = `(${installPageHooks.toString()})(false);\nwindow.${EARLY_FLAG} = true;\n`;

/** The page with the hooks' script first in its head. */
function withHooks(html: string): string {
  return html.replace(/<head(\s[^>]*)?>/i, (head) => `${head}<script src="${HOOKS_PATH}"></script>`);
}

export interface Front {
  /** The product as the engine sees it: every address on the front's origin. */
  app: RunningApp;
  close(): Promise<void>;
}

export async function hookedFront(app: RunningApp): Promise<Front> {
  const target = new URL(app.url);
  const server = createServer((req, res) => {
    if (req.url === HOOKS_PATH) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(HOOKS_SCRIPT);
      return;
    }
    // Uncompressed, so a page can be rewritten; nothing in these flows depends on compression.
    const { 'accept-encoding': _, ...headers } = req.headers;
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (answer) => {
        const status = answer.statusCode ?? 502;
        if (!String(answer.headers['content-type']).startsWith('text/html')) {
          res.writeHead(status, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const page = withHooks(Buffer.concat(chunks).toString('utf8'));
          const { 'content-length': _length, ...rest }: IncomingHttpHeaders = answer.headers;
          res.writeHead(status, { ...rest, 'content-length': Buffer.byteLength(page) });
          res.end(page);
        });
      },
    );
    upstream.on('error', (error) => res.destroy(error));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    app: { ...app, url: `http://127.0.0.1:${port}` },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
