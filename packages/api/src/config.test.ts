import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('TAX_RATE_PERCENT', () => {
  it('keeps a three-decimal rate exact (8.875% is 887.5 basis points, not 888)', () => {
    expect(loadConfig({ TAX_RATE_PERCENT: '8.875' }).taxRateBasisPoints).toBe(887.5);
    expect(loadConfig({ TAX_RATE_PERCENT: '5.5' }).taxRateBasisPoints).toBe(550);
    expect(loadConfig({}).taxRateBasisPoints).toBe(550);
  });

  it('refuses a finer rate by name instead of rounding it silently', () => {
    expect(() => loadConfig({ TAX_RATE_PERCENT: '8.8751' })).toThrow(ConfigError);
    expect(() => loadConfig({ TAX_RATE_PERCENT: '8.8751' })).toThrow(/TAX_RATE_PERCENT/);
  });
});

describe('OIDC_EXTRA_SCOPES', () => {
  it('is empty by default and splits on spaces or commas', () => {
    expect(loadConfig({}).oidc.extraScopes).toEqual([]);
    expect(loadConfig({ OIDC_EXTRA_SCOPES: 'api://shop/access, offline_access' }).oidc.extraScopes).toEqual([
      'api://shop/access',
      'offline_access',
    ]);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and takes true as one hop, never as "believe the left-most X-Forwarded-For"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('takes a list of proxy addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, ::1,10.0.0.0/8,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses what is neither, by name', () => {
    for (const bad of ['maybe', '127.0.0.1,nginx', '10.0.0.0/33', '::1/129', '1.2.3.4/8/9']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY=.*number of proxy hops/);
    }
  });
});
