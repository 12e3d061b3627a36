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
