import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { readAddressHeader } from '../../server/rest.ts';
import { forEachEngine } from '../support/db-engines.ts';
import { FORGED_ADDRESS_HEADERS } from '../support/request.ts';

/**
 * Functions of the test's own database that show what the server passes
 * and honours, the way PostgREST does on a hosted project.
 */
const TEST_FUNCTIONS = `
  create table public.request_log (n serial primary key, seen text);

  create function public.echo_request() returns json language sql stable as $$
    select json_build_object(
      'method', current_setting('request.method', true),
      'path', current_setting('request.path', true),
      'headers', current_setting('request.headers', true)::json,
      'role', current_user)
  $$;

  -- Records the call, then answers with a status of its own: the record must survive.
  create function public.refuse_politely(reason text) returns json language plpgsql security definer set search_path = '' as $$
  begin
    insert into public.request_log (seen) values (reason);
    perform set_config('response.status', '429', true);
    perform set_config('response.headers', '[{"Retry-After": "900"}, {"Cache-Control": "no-store"}, {"Cache-Control": "private"}]', true);
    return json_build_object('code', 'PT429', 'message', 'too many tries');
  end $$;

  create function public.echo_text(t text) returns text language sql immutable as $$ select t $$;

  create function public.log_call(seen text) returns int language sql security definer set search_path = '' as $$
    insert into public.request_log (seen) values (seen) returning n
  $$;

  -- A promise it breaks: PostgREST runs a stable function read-only even on POST.
  create function public.stable_but_writes() returns int language plpgsql stable security definer set search_path = '' as $$
  begin
    return public.log_call('stable');
  end $$;

  create function public.raise_status(code text) returns void language plpgsql as $$
  begin
    -- RAISE takes a literal SQLSTATE; a DO block lets the test pick it.
    execute format('do $x$ begin raise sqlstate %L using message = %L, detail = %L, hint = %L; end $x$', code, 'custom ' || code, 'some detail', 'some hint');
  end $$;

  create function public.raise_full() returns void language plpgsql as $$
  begin
    raise sqlstate 'PGRST' using
      message = '{"code":"123","message":"Payment Required","details":"Quota exceeded","hint":"Upgrade"}',
      detail = '{"status":402,"headers":{"X-Powered-By":"Nerd Rage"}}';
  end $$;

  create function public.raise_garbled() returns void language plpgsql as $$
  begin
    raise sqlstate 'PGRST' using message = 'not json', detail = '{}';
  end $$;

  create function public.bad_status() returns int language plpgsql as $$
  begin
    perform set_config('response.status', 'teapot', true);
    return 1;
  end $$;

  create function public.bad_headers() returns int language plpgsql as $$
  begin
    perform set_config('response.headers', '{"X-One": "1", "X-Two": "2"}', true);
    return 1;
  end $$;

  -- Functions start closed to anon (the migrations revoke by default); the API grants each one it offers.
  grant execute on function public.echo_request(), public.refuse_politely(text), public.echo_text(text),
    public.log_call(text), public.stable_but_writes(), public.raise_status(text), public.raise_full(),
    public.raise_garbled(), public.bad_status(), public.bad_headers() to anon;
`;

forEachEngine('the server passes the request to the database as PostgREST does', (ctx) => {
  let app: FastifyInstance;
  let proxied: FastifyInstance;
  let addressHeader: string;

  beforeAll(async () => {
    await ctx.db().exec(TEST_FUNCTIONS);
    addressHeader = await readAddressHeader(ctx.db());
    app = await buildApp({ db: ctx.db() });
    proxied = await buildApp({ db: ctx.db(), trustProxy: '10.0.0.2' });
  });
  afterAll(async () => {
    await app?.close();
    await proxied?.close();
  });

  const logged = async () =>
    (await ctx.db().query<{ seen: string }>('select seen from public.request_log order by n')).map((r) => r.seen);

  const seenBy = async (server: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
    (
      await server.inject({ method: 'POST', url: '/rest/v1/rpc/echo_request', headers, payload: {}, remoteAddress })
    ).json().headers;

  it('sets request.method, request.path and request.headers (lower-case, no cookie), as the anon role', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/rest/v1/rpc/echo_request',
      headers: { 'Content-Type': 'application/json', 'X-Custom-Thing': 'Value', Cookie: 'a=1' },
      payload: '{}',
      remoteAddress: '198.51.100.7',
    });
    expect(res.statusCode).toBe(200);
    const seen = res.json();
    expect(seen).toMatchObject({ method: 'POST', path: '/rpc/echo_request', role: 'anon' });
    expect(seen.headers).toMatchObject({
      'content-type': 'application/json',
      'x-custom-thing': 'Value',
      [addressHeader]: '198.51.100.7',
    });
    expect(Object.keys(seen.headers).every((name: string) => name === name.toLowerCase())).toBe(true);
    expect(seen.headers).not.toHaveProperty('cookie');
  });

  it('passes GET and its query arguments, read-only', async () => {
    const res = await app.inject({ method: 'GET', url: '/rest/v1/rpc/echo_request', remoteAddress: '198.51.100.8' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ method: 'GET', headers: { [addressHeader]: '198.51.100.8' } });
  });

  it('reads query arguments with bad escapes leniently, as U+FFFD', async () => {
    const res = await app.inject({ method: 'GET', url: '/rest/v1/rpc/echo_text?t=a%ffb%20c+d' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe('a\uFFFDb c d');
  });

  it('sets the address header to the socket address, over whatever the client claimed, when no proxy is trusted', async () => {
    for (const forged of FORGED_ADDRESS_HEADERS) {
      const seen = await seenBy(app, '::ffff:192.0.2.10', { [forged]: '203.0.113.99' });
      expect(seen[addressHeader], forged).toBe('192.0.2.10');
    }
  });

  it('behind a trusted proxy, takes the address that proxy appended, never what the client claimed', async () => {
    const fromProxy = (headers: Record<string, string>) => seenBy(proxied, '10.0.0.2', headers);
    expect((await fromProxy({ 'x-forwarded-for': '203.0.113.5' }))[addressHeader]).toBe('203.0.113.5');
    expect((await fromProxy({ 'x-forwarded-for': '6.6.6.6, 203.0.113.5' }))[addressHeader]).toBe('203.0.113.5');
    expect((await fromProxy({ 'x-forwarded-for': '2001:db8::1' }))[addressHeader]).toBe('2001:db8::1');
    expect((await fromProxy({ 'x-forwarded-for': '203.0.113.5', [addressHeader]: '6.6.6.6' }))[addressHeader]).toBe(
      '203.0.113.5',
    );
    // No header: the proxy's own address.
    expect((await fromProxy({}))[addressHeader]).toBe('10.0.0.2');
    // A client that reaches the server around the proxy gets its own address, whatever it claims.
    expect((await seenBy(proxied, '198.51.100.3', { 'x-forwarded-for': '203.0.113.5' }))[addressHeader]).toBe(
      '198.51.100.3',
    );
  });

  it('honours response.status and response.headers, and keeps what the function wrote', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/rest/v1/rpc/refuse_politely',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ reason: 'first' }),
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('900');
    expect(res.rawPayload.length).toBeGreaterThan(0);
    // Both values of a repeated name are sent, as PostgREST does.
    expect(res.headers['cache-control']).toEqual(['no-store', 'private']);
    expect(res.json()).toEqual({ code: 'PT429', message: 'too many tries' });
    expect(await logged()).toContain('first');
  });

  it('leaves the next call its own status: response settings end with their transaction', async () => {
    const res = await app.inject({ method: 'POST', url: '/rest/v1/rpc/echo_request', payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it('answers 405 (25006) for a GET to a function that writes, and writes nothing', async () => {
    const before = await logged();
    const res = await app.inject({ method: 'GET', url: '/rest/v1/rpc/log_call?seen=by-get' });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toMatchObject({
      code: '25006',
      message: expect.stringContaining('read-only transaction'),
      details: null,
    });
    expect(await logged()).toEqual(before);
    // The same call as a POST writes.
    const post = await app.inject({ method: 'POST', url: '/rest/v1/rpc/log_call', payload: { seen: 'by-post' } });
    expect(post.statusCode).toBe(200);
    expect(await logged()).toEqual([...before, 'by-post']);
  });

  it('runs a stable function read-only even on POST, as PostgREST does', async () => {
    const res = await app.inject({ method: 'POST', url: '/rest/v1/rpc/stable_but_writes', payload: {} });
    expect(res.statusCode).toBe(405);
    expect(res.json().code).toBe('25006');
    expect(await logged()).not.toContain('stable');
  });

  it('maps a raised PTnnn to status nnn with its message, detail and hint', async () => {
    for (const [code, status] of [
      ['PT402', 402],
      ['PT429', 429],
      ['PT418', 418],
      ['PT503', 503],
    ] as const) {
      const res = await app.inject({ method: 'POST', url: '/rest/v1/rpc/raise_status', payload: { code } });
      expect(res.statusCode, code).toBe(status);
      expect(res.json(), code).toEqual({ code, message: `custom ${code}`, details: 'some detail', hint: 'some hint' });
    }
  });

  it("answers RAISE sqlstate 'PGRST' with the status, headers and body the function wrote", async () => {
    const res = await app.inject({ method: 'POST', url: '/rest/v1/rpc/raise_full', payload: {} });
    expect(res.statusCode).toBe(402);
    expect(res.headers['x-powered-by']).toBe('Nerd Rage');
    expect(res.json()).toEqual({
      code: '123',
      message: 'Payment Required',
      details: 'Quota exceeded',
      hint: 'Upgrade',
    });
    const garbled = await app.inject({ method: 'POST', url: '/rest/v1/rpc/raise_garbled', payload: {} });
    expect(garbled.statusCode).toBe(500);
    expect(garbled.json().code).toBe('PGRST121');
  });

  it('answers an invalid response.status with 500 PGRST112 and invalid response.headers with 500 PGRST111', async () => {
    const status = await app.inject({ method: 'POST', url: '/rest/v1/rpc/bad_status', payload: {} });
    expect(status.statusCode).toBe(500);
    expect(status.json()).toMatchObject({ code: 'PGRST112' });
    const headers = await app.inject({ method: 'POST', url: '/rest/v1/rpc/bad_headers', payload: {} });
    expect(headers.statusCode).toBe(500);
    expect(headers.json()).toMatchObject({ code: 'PGRST111' });
    expect(headers.headers['x-one']).toBeUndefined();
  });
});
