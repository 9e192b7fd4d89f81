import { describe, expect, it } from 'vitest';
import { siteUrl } from '../../src/lib/site-url.ts';

describe('siteUrl', () => {
  it('lets a build for the local server leave SITE_URL out, as npm start serves it', () => {
    expect(siteUrl(undefined, false)).toBe('http://localhost:4321');
    expect(siteUrl('', false)).toBe('http://localhost:4321');
  });

  it('gives a local build the address its server answers at: another PORT or HOST is in its canonical links', () => {
    expect(siteUrl(undefined, false, { host: 'localhost', port: '8080' })).toBe('http://localhost:8080');
    expect(siteUrl(undefined, false, { host: '127.0.0.1', port: '5000' })).toBe('http://127.0.0.1:5000');
    expect(siteUrl(undefined, false, { host: '::1', port: '5000' })).toBe('http://[::1]:5000');
    expect(siteUrl(undefined, false, { host: '0.0.0.0', port: '80' })).toBe('http://localhost:80');
    expect(siteUrl(undefined, false, { port: '0' })).toBe('http://localhost:4321');
    // SITE_URL, when given, is the public address whatever the server's own.
    expect(siteUrl('https://example.org', false, { port: '8080' })).toBe('https://example.org');
  });

  it('requires it of a hosted build, naming it', () => {
    expect(() => siteUrl(undefined, true)).toThrow(
      /^SITE_URL is missing: the Supabase variables make this a hosted build/,
    );
    expect(() => siteUrl('', true)).toThrow(/^SITE_URL is missing/);
  });

  it('takes an http(s) address, and refuses anything else, naming SITE_URL', () => {
    expect(siteUrl('https://contradictions.example.org', true)).toBe('https://contradictions.example.org');
    expect(siteUrl('http://192.168.1.20:4321', false)).toBe('http://192.168.1.20:4321');
    expect(() => siteUrl('contradictions.example.org', true)).toThrow(
      'SITE_URL must be an absolute address such as https://contradictions.example.org, not "contradictions.example.org"',
    );
    expect(() => siteUrl('ftp://example.org', false)).toThrow(
      'SITE_URL must be an http or https address, not "ftp://example.org"',
    );
  });

  it('refuses a base path, which canonical links would drop, naming SITE_URL', () => {
    expect(siteUrl('https://example.org/', true)).toBe('https://example.org/');
    for (const value of ['https://example.org/quiz/', 'https://example.org/quiz', 'https://example.org/?a=1']) {
      expect(() => siteUrl(value, true)).toThrow(
        `SITE_URL must be the root of its origin, such as https://example.org, not "${value}"`,
      );
    }
  });
});
