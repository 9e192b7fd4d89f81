/**
 * Reading a raw HTTP request the way PostgREST and static hosts do: lenient
 * URL decoding, bounded JSON, and the headers the database is handed.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';

/**
 * Decodes percent-escapes byte by byte and reads the bytes as UTF-8, with
 * U+FFFD for what is not UTF-8 (as PostgREST does): "%ff" never throws.
 */
function decodeLenient(text: string): string {
  if (!text.includes('%')) return text;
  const source = Buffer.from(text, 'utf8');
  const out = Buffer.alloc(source.length);
  let length = 0;
  for (let i = 0; i < source.length; i++) {
    const byte = source[i]!;
    const hex = byte === 0x25 ? source.subarray(i + 1, i + 3).toString('latin1') : '';
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      out[length++] = Number.parseInt(hex, 16);
      i += 2;
    } else {
      out[length++] = byte;
    }
  }
  return out.subarray(0, length).toString('utf8');
}

/**
 * The router refuses a path it cannot percent-decode (/rest/v1/rpc/%ff)
 * before any route sees it; PostgREST reads such bytes as U+FFFD, so the
 * path is rewritten to that reading (fastify's rewriteUrl) and answered
 * like any other.
 */
/**
 * A request target in absolute form (`GET http://host/insights`), which
 * HTTP/1.1 servers must take as its path (RFC 9112, 3.2.2), as that path, so
 * that it reaches the same route with the same headers.
 */
export function originForm(url: string): string {
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url);
  if (!absolute) return url;
  const rest = url.slice(absolute[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

export function decodableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  try {
    decodeURI(path);
    return url;
  } catch {
    return encodeURI(decodeLenient(path)) + (queryAt < 0 ? '' : url.slice(queryAt));
  }
}

/** Query arguments as PostgREST reads them: bad escapes become U+FFFD, never an error. */
export function parseQuery(query: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(query));
}

/**
 * How deep arrays and objects nest in a parsed JSON value, counted without
 * recursion and stopping past `limit`: a body of thousands of nested
 * arrays is refused before anything walks it recursively.
 */
export function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, level]);
  }
  return deepest;
}

/** `::ffff:192.0.2.1` is how an IPv6 socket shows an IPv4 client; one client, one address. */
export function canonicalAddress(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * PostgREST's `request.headers`: every header but the cookie, names
 * lower-case, repeated ones joined; then the header the database reads the
 * client's address from, set to the address the server determined,
 * whatever the client sent under that name.
 */
export function headersForDatabase(
  headers: IncomingHttpHeaders,
  addressHeader: string,
  address: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === 'cookie') continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  out[addressHeader] = address;
  return out;
}
