import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';

describe('TRUST_PROXY', () => {
  it('takes the proxies by address, as fastify does, and trusts none when unset', () => {
    expect(readConfig({}).trustProxy).toBeUndefined();
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBeUndefined();
    expect(readConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,2001:db8::1' }).trustProxy).toBe(
      'loopback, 10.0.0.0/8,2001:db8::1',
    );
  });

  it('refuses a count of hops or anything that is not an address, naming the variable', () => {
    for (const value of ['1', '2', 'proxy.example', '10.0.0.0/8/1', '10.0.0.1,']) {
      expect(() => readConfig({ TRUST_PROXY: value }), value).toThrow(/^TRUST_PROXY names the proxies .* by address/);
    }
  });
});

describe('TRUST_PROXY that trusts every address', () => {
  it('is refused, whatever the spelling, naming the variable', () => {
    for (const value of [
      '0.0.0.0/0',
      '0.0.0.0/1,128.0.0.0/1',
      '10.0.0.1, 0.0.0.0/2, 64.0.0.0/2, 128.0.0.0/1',
      '::/0',
      '::/1,8000::/1',
      '::ffff:0.0.0.0/96',
      '::ffff:0:0/97,::ffff:128.0.0.0/97',
      'loopback,0.0.0.0/1,128.0.0.0/2,192.0.0.0/2',
    ]) {
      expect(() => readConfig({ TRUST_PROXY: value }), value).toThrow(
        /^TRUST_PROXY="[^"]+" trusts every IPv[46] address/,
      );
    }
  });

  it('still takes ranges that leave addresses out', () => {
    for (const value of ['0.0.0.0/1', '0.0.0.0/1,128.0.0.0/2', '::/1', '::ffff:0:0/97', '2001:db8::/32,10.0.0.0/8']) {
      expect(readConfig({ TRUST_PROXY: value }).trustProxy, value).toBe(value);
    }
  });

  it('refuses a prefix longer than the address', () => {
    expect(() => readConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/^TRUST_PROXY names the proxies/);
    expect(() => readConfig({ TRUST_PROXY: '::1/129' })).toThrow(/^TRUST_PROXY names the proxies/);
  });
});

describe('npm start with a TRUST_PROXY that trusts everyone', () => {
  it('exits 1 with one line naming TRUST_PROXY and no stack trace, before opening any data', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'trust-proxy-')), 'data');
    for (const value of ['0.0.0.0/0', '0.0.0.0/1,128.0.0.0/1', '::/0']) {
      const run = spawnSync(process.execPath, ['server/main.ts'], {
        env: { PATH: process.env.PATH ?? '', TRUST_PROXY: value, DATABASE_URL: '', DATA_DIR: dataDir },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status, value).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n'), value).toEqual([
        expect.stringMatching(/^TRUST_PROXY="[^"]+" trusts every/),
      ]);
    }
    expect(existsSync(dataDir)).toBe(false);
    rmSync(dirname(dataDir), { recursive: true });
  });
});
