import { describe, expect, it } from 'vitest';
import { ShopError } from '../errors.ts';
import { checkWebhookHost, checkWebhookUrl, isInternalAddress, publicOnlyLookup } from './address.ts';

describe('webhook addresses', () => {
  it('tells internal addresses from public ones, IPv4 written as IPv6 included', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
  });

  it('refuses internal, plain http and credentialed addresses unless the shop allows its own network', () => {
    const refused = (url: string) => {
      try {
        checkWebhookUrl(url, false);
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(ShopError);
        return (error as ShopError).message;
      }
    };
    expect(refused('https://hooks.example.com/shop')).toBeNull();
    expect(refused('https://127.0.0.1:8080/x')).toContain('WEBHOOK_ALLOW_PRIVATE_ADDRESSES');
    expect(refused('https://[::1]/x')).toContain('WEBHOOK_ALLOW_PRIVATE_ADDRESSES');
    expect(refused('https://169.254.169.254/latest/meta-data/')).toContain('public internet');
    expect(refused('https://localhost/x')).toContain('public internet');
    expect(refused('http://hooks.example.com/shop')).toContain('https://');
    expect(refused('https://a:b@hooks.example.com/')).toBe(
      'The webhook address must not carry a user name or password.',
    );
    expect(refused('not an address')).toContain('not a valid web address');
    expect(checkWebhookUrl('http://127.0.0.1:8080/x', true).port).toBe('8080');
  });

  it('refuses a name that resolves inside, when subscribing and when connecting', async () => {
    await expect(checkWebhookHost(new URL('https://localhost/x'), false)).rejects.toThrow('public internet');
    await expect(checkWebhookHost(new URL('https://localhost/x'), true)).resolves.toBeUndefined();
    const refusal = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup(false)('localhost', {}, (error) => resolve(error)),
    );
    expect(refusal?.code).toBe('EINTERNALADDRESS');
  });
});
