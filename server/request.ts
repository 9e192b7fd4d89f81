/**
 * Reading a raw HTTP request the way PostgREST and static hosts do: lenient
 * URL decoding, bounded JSON, and the client's address.
 */
import { isIP } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Decodes percent-escapes byte by byte and reads the bytes as UTF-8, with
 * U+FFFD for what is not UTF-8 (as PostgREST does): "%ff" never throws.
 */
export function decodeLenient(text: string): string {
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

/** The raw URL's path segments, each decoded, and its query string. */
export function splitUrl(rawUrl: string): { segments: string[]; query: URLSearchParams } {
  const queryAt = rawUrl.indexOf('?');
  const path = queryAt < 0 ? rawUrl : rawUrl.slice(0, queryAt);
  const query = new URLSearchParams(queryAt < 0 ? '' : rawUrl.slice(queryAt + 1));
  return { segments: path.split('/').slice(1).map(decodeLenient), query };
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
function canonicalAddress(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * The client's address: the socket's, or, behind `trustedProxies` proxies
 * that each append the address they saw to X-Forwarded-For, the entry that
 * many places from its end. Counting from the end matters: the start of the
 * header is whatever the client chose to send. An entry that is not an IP
 * address means a proxy is misconfigured; the socket's address is used.
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | undefined, trustedProxies: number): string {
  const socket = canonicalAddress(socketAddress ?? '');
  if (trustedProxies === 0 || !forwardedFor) return socket;
  const hops = forwardedFor
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  const hop = hops[Math.max(0, hops.length - trustedProxies)];
  return hop && isIP(hop) ? canonicalAddress(hop) : socket;
}

/** PostgREST's `request.headers`: every header but cookies, names lower-case, repeated ones joined. */
export function headersForDatabase(headers: IncomingHttpHeaders, client: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === 'cookie') continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  // The database reads the client from here; it is what the server determined, never what the client claimed.
  out['x-forwarded-for'] = client;
  return out;
}

/** PostgREST's `request.cookies`. */
export function cookiesOf(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    out[pair.slice(0, at).trim()] = decodeLenient(pair.slice(at + 1).trim());
  }
  return out;
}
