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
