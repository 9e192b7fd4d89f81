import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT, buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/engine.ts';
import { decodableUrl } from '../../server/request.ts';
import { MAX_JSON_DEPTH } from '../../server/rest.ts';
import { freshDatabase } from '../support/db-engines.ts';
import { listenLocally } from '../support/listen.ts';
import { nthChoices } from '../support/random-answers.ts';

interface Answer {
  status: number;
  contentType: string | undefined;
  nosniff: string | string[] | undefined;
  body: string;
}

/** A request over a real socket, byte for byte as given: no client library tidies the URL first. */
function rawRequest(
  port: number,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, insecureHTTPParser: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'],
          nosniff: res.headers['x-content-type-options'],
          body: text,
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Bytes no HTTP client would send, written to a socket as they are; the
 * answer is read until the server closes the connection, so a socket it
 * drops without a word answers status 0 and an empty body.
 */
function rawBytes(port: number, bytes: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
    socket.on('close', () => {
      const end = text.indexOf('\r\n\r\n');
      const [head, body] = end < 0 ? [text, ''] : [text.slice(0, end), text.slice(end + 4)];
      const [statusLine = '', ...lines] = head.split('\r\n');
      const header = (name: string) =>
        lines
          .find((l) => l.toLowerCase().startsWith(`${name}:`))
          ?.slice(name.length + 1)
          .trim();
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine)?.[1] ?? 0),
        contentType: header('content-type'),
        nosniff: header('x-content-type-options'),
        body,
      });
    });
  });
}

/** PostgREST's error shape, nothing more, nothing less. */
function expectPostgrestError(answer: Answer, status: number, code: string | RegExp, label: string): void {
  expect(answer.status, label).toBe(status);
  expect(answer.contentType, label).toMatch(/^application\/json/);
  // A browser must never read an API answer as anything but JSON.
  expect(answer.nosniff, label).toBe('nosniff');
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(Object.keys(body).sort(), label).toEqual(['code', 'details', 'hint', 'message']);
  expect(body.code, label).toMatch(code);
  expect(typeof body.message, label).toBe('string');
}

const nested = (depth: number, inner = '') => '['.repeat(depth) + inner + ']'.repeat(depth);

describe("every malformed request gets PostgREST's answer, never a 500", () => {
  let db: Database;
  let dispose: () => Promise<void>;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    ({ db, dispose } = await freshDatabase('pglite'));
    app = await buildApp({ db });
    port = await listenLocally(app);
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  const post = (path: string, body: string, contentType = 'application/json') =>
    rawRequest(port, 'POST', path, body, { 'content-type': contentType });
  const count = async () => (await db.query<{ n: number }>('select count(*)::int as n from public.responses'))[0]!.n;

  it('refuses 4,500 nested arrays in answers or in name (a 9 KB body) with 400 PGRST102, storing nothing', async () => {
    const before = await count();
    for (const field of ['answers', 'name'] as const) {
      const args = { submission_id: crypto.randomUUID(), name: 'Deep', answers: nthChoices(0) };
      const body = JSON.stringify(args).replace(JSON.stringify(args[field]), nested(4500));
      expect(body.length).toBeGreaterThan(9000);
      const answer = await post('/rest/v1/rpc/submit_response', body);
      expectPostgrestError(answer, 400, 'PGRST102', field);
      expect(JSON.parse(answer.body).details).toBe(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    }
    expect(await count()).toBe(before);
  });

  it('lets a body nest as deep as the limit reach the function, which answers for itself', async () => {
    const body = JSON.stringify({
      submission_id: crypto.randomUUID(),
      name: null,
      answers: JSON.parse(nested(MAX_JSON_DEPTH - 1)),
    });
    const answer = await post('/rest/v1/rpc/submit_response', body);
    expectPostgrestError(answer, 400, '22023', 'at the limit');
  });

  it('reads a path that is not UTF-8 as PostgREST does (U+FFFD) and answers 404 PGRST202', async () => {
    for (const path of [
      '/rest/v1/rpc/%ff',
      '/rest/v1/rpc/%C0%AF',
      '/rest/v1/rpc/response_stats%ff',
      '/rest/v1/rpc/%zz',
    ]) {
      expectPostgrestError(await rawRequest(port, 'GET', path), 404, 'PGRST202', path);
      expectPostgrestError(await post(path, '{}'), 404, 'PGRST202', `POST ${path}`);
    }
    const answer = JSON.parse((await rawRequest(port, 'GET', '/rest/v1/rpc/%ff')).body) as { message: string };
    expect(answer.message).toContain('public.\uFFFD()');
  });

  it("reads bad escapes in a query argument's name leniently: an unknown argument, 404 PGRST202", async () => {
    expectPostgrestError(
      await rawRequest(port, 'GET', '/rest/v1/rpc/response_stats?%ff=1'),
      404,
      'PGRST202',
      'bad key',
    );
  });

  it('answers an 8 KB function name 404 PGRST202, and never matches the function its first 63 bytes name', async () => {
    expectPostgrestError(await post(`/rest/v1/rpc/${'a'.repeat(8000)}`, '{}'), 404, 'PGRST202', '8 KB');
    // PostgreSQL would cut this name to "response_stats...": it must not call response_stats.
    const long = `response_stats${'x'.repeat(63 - 'response_stats'.length)}tail`;
    expectPostgrestError(await post(`/rest/v1/rpc/${long}`, '{}'), 404, 'PGRST202', 'over 63 bytes');
  });

  it("answers a 100 KB path with 431 in PostgREST's shape before any route sees it", async () => {
    for (const path of [
      `/rest/v1/rpc/${'a'.repeat(100_000)}`,
      `/rest/v1/${'b'.repeat(100_000)}`,
      `/${'c'.repeat(100_000)}`,
    ]) {
      expectPostgrestError(await rawRequest(port, 'GET', path), 431, 'PT431', path.slice(0, 12));
    }
    // The server is still there for the next request.
    expect((await post('/rest/v1/rpc/response_stats', '{}')).status).toBe(200);
  });

  it('answers long paths that do reach the router like any other address', async () => {
    expectPostgrestError(
      await rawRequest(port, 'GET', `/rest/v1/rpc/${'a'.repeat(12_000)}`),
      404,
      'PGRST202',
      'long function',
    );
    expectPostgrestError(
      await rawRequest(port, 'GET', `/rest/v1/${'t'.repeat(12_000)}`),
      404,
      'PGRST125',
      'long table',
    );
    expectPostgrestError(
      await rawRequest(port, 'GET', `/rest/v1/rpc/x/${'y/'.repeat(5000)}`),
      404,
      'PGRST125',
      'deep path',
    );
  });

  it('answers a Content-Type other than JSON with 400 PGRST102', async () => {
    const types = [
      'text/plain',
      'application/xml',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      'application/x-www-form-urlencoded',
    ];
    for (const type of types) {
      const answer = await post('/rest/v1/rpc/response_stats', '{}', type);
      expectPostgrestError(answer, 400, 'PGRST102', type);
      expect(JSON.parse(answer.body).message).toBe(`Content-Type not acceptable: ${type.split(';')[0]}`);
    }
  });

  it('refuses a POST without Content-Type, which any page can make a browser send with no preflight, storing nothing', async () => {
    const before = await count();
    const save = JSON.stringify({ submission_id: crypto.randomUUID(), name: 'Blob', answers: nthChoices(0) });
    for (const [path, body] of [
      ['/rest/v1/rpc/submit_response', save],
      ['/rest/v1/rpc/unlock_hidden_page', undefined],
      ['/rest/v1/rpc/insights', undefined],
    ] as const) {
      const answer = await rawRequest(port, 'POST', path, body);
      expectPostgrestError(answer, 400, 'PGRST102', path);
      expect(JSON.parse(answer.body).message, path).toBe('Content-Type not acceptable: none');
    }
    expect(await count()).toBe(before);
    expect(await db.query('select count(*)::int as n from private.client_event_counts')).toEqual([{ n: 0 }]);
    // The same save with the Content-Type supabase-js sends is stored.
    expect((await post('/rest/v1/rpc/submit_response', save)).status).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('answers malformed JSON 400 PGRST102', async () => {
    for (const body of ['{"answers": [', 'not json', '[1, 2]', '"text"', '12', 'null']) {
      expectPostgrestError(await post('/rest/v1/rpc/submit_response', body), 400, 'PGRST102', body);
    }
  });

  it("answers a body over the limit 413, in PostgREST's shape", async () => {
    const answer = await post('/rest/v1/rpc/response_stats', JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT) }));
    expectPostgrestError(answer, 413, 'PT413', 'too large');
  });

  it('answers unknown routes under /rest as PostgREST and its gateway do', async () => {
    const cases: [string, string, number, string][] = [
      ['GET', '/rest', 404, 'PGRST125'],
      ['GET', '/rest/', 404, 'PGRST125'],
      ['GET', '/rest/v2/rpc/response_stats', 404, 'PGRST125'],
      ['GET', '/rest/v1/rpc/', 404, 'PGRST125'],
      ['GET', '/rest/v1/rpc/response_stats/more', 404, 'PGRST125'],
      // The local server serves functions only: a table's address is no route.
      ['GET', '/rest/v1/no_such_table', 404, 'PGRST125'],
      ['GET', '/rest/v1/responses', 404, 'PGRST125'],
      ['DELETE', '/rest/v1/responses', 404, 'PGRST125'],
      ['PUT', '/rest/v1/rpc/response_stats', 405, 'PGRST101'],
      ['PATCH', '/rest/v1/rpc/response_stats', 405, 'PGRST101'],
      ['DELETE', '/rest/v1/rpc/response_stats', 405, 'PGRST101'],
      ['PROPFIND', '/rest/v1/rpc/response_stats', 405, 'PGRST117'],
      ['GET', '/anything/not/a/page', 404, 'PT404'],
    ];
    for (const [method, path, status, code] of cases) {
      expectPostgrestError(await rawRequest(port, method, path), status, code, `${method} ${path}`);
    }
    const options = await rawRequest(port, 'OPTIONS', '/rest/v1/rpc/response_stats');
    expect(options.status).toBe(200);
  });

  it('answers HEAD like GET, without a body', async () => {
    const head = await rawRequest(port, 'HEAD', '/rest/v1/rpc/response_stats');
    expect(head.status).toBe(200);
    expect(head.nosniff).toBe('nosniff');
    expect(head.contentType).toMatch(/^application\/json/);
    expect(head.body).toBe('');
  });

  it("answers broken HTTP framing in PostgREST's shape", async () => {
    // Both framings at once: Node's parser refuses the request before any route sees it.
    const answer = await rawBytes(
      port,
      'POST /rest/v1/rpc/response_stats HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
    );
    expectPostgrestError(answer, 400, 'PT400', 'framing');
  });
});

describe('decodableUrl', () => {
  it('leaves a decodable URL as it is and reads undecodable escapes as U+FFFD', () => {
    expect(decodableUrl('/rest/v1/rpc/response_stats?a=%ff')).toBe('/rest/v1/rpc/response_stats?a=%ff');
    expect(decodableUrl('/values/%C3%A9')).toBe('/values/%C3%A9');
    expect(decodableUrl('/rest/v1/rpc/%ff?a=1')).toBe('/rest/v1/rpc/%EF%BF%BD?a=1');
    expect(decodableUrl('/%zz')).toBe('/%25zz');
  });
});
