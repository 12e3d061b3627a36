import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopError } from '../errors.ts';
import { downloadImage, isAllowedAddress, isAllowedHost } from './download.ts';

describe('isAllowedHost', () => {
  const hosts = ['live.staticflickr.com', '.staticflickr.com'];
  it('matches exact entries and subdomains of dotted entries', () => {
    expect(isAllowedHost('live.staticflickr.com', hosts)).toBe(true);
    expect(isAllowedHost('farm3.staticflickr.com', hosts)).toBe(true);
    expect(isAllowedHost('LIVE.STATICFLICKR.COM.', hosts)).toBe(true);
  });
  it('refuses look-alikes', () => {
    expect(isAllowedHost('staticflickr.com.evil.example', hosts)).toBe(false);
    expect(isAllowedHost('evilstaticflickr.com', hosts)).toBe(false);
    expect(isAllowedHost('localhost', hosts)).toBe(false);
    expect(isAllowedHost('169.254.169.254', hosts)).toBe(false);
  });
});

describe('isAllowedAddress', () => {
  it("allows the scheme's own port unless an entry names another", () => {
    const hosts = ['live.staticflickr.com', '.staticflickr.com', '127.0.0.1:8080'];
    expect(isAllowedAddress(new URL('https://live.staticflickr.com/1/2.jpg'), hosts)).toBe(true);
    expect(isAllowedAddress(new URL('https://live.staticflickr.com:443/1/2.jpg'), hosts)).toBe(true);
    expect(isAllowedAddress(new URL('https://live.staticflickr.com:8443/1/2.jpg'), hosts)).toBe(false);
    expect(isAllowedAddress(new URL('http://farm3.staticflickr.com:22/x'), hosts)).toBe(false);
    expect(isAllowedAddress(new URL('http://127.0.0.1:8080/x.jpg'), hosts)).toBe(true);
    expect(isAllowedAddress(new URL('http://127.0.0.1/x.jpg'), hosts)).toBe(false);
    expect(isAllowedAddress(new URL('http://127.0.0.1:8081/x.jpg'), hosts)).toBe(false);
  });
});

describe('downloadImage', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/slow') {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        res.write('x');
        return; // never ends
      }
      if (req.url === '/declared-large') {
        res.writeHead(200, { 'content-length': '5000' }).end(Buffer.alloc(5000));
        return;
      }
      if (req.url === '/loop') {
        res.writeHead(302, { location: '/loop' }).end();
        return;
      }
      res.writeHead(200).end(Buffer.from([1, 2, 3]));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const options = {
    get allowedHosts() {
      return [new URL(base).host];
    },
    maxBytes: 1000,
    timeoutMs: 400,
  };
  const failure = async (url: string) => {
    try {
      await downloadImage(url, options);
    } catch (error) {
      expect(error).toBeInstanceOf(ShopError);
      return { code: (error as ShopError).kind, message: (error as ShopError).message };
    }
    throw new Error('expected a refusal');
  };

  it('answers the bytes', async () => {
    expect([...(await downloadImage(`${base}/ok`, options))]).toEqual([1, 2, 3]);
  });

  it('refuses another port of an allowed host before connecting, naming the port', async () => {
    const refused = await failure('http://127.0.0.1:1/65535/77_abc_b.jpg');
    expect(refused.code).toBe('bad_request');
    expect(refused.message).toContain('names port 1');
  });
  it('gives up on a host that stalls', async () => {
    expect(await failure(`${base}/slow`)).toEqual({
      code: 'bad_request',
      message: 'The photo service did not send the image within 1 second; try again.',
    });
  });
  it('refuses a declared size over the cap before reading', async () => {
    expect((await failure(`${base}/declared-large`)).code).toBe('too_large');
  });
  it('stops following redirects', async () => {
    expect((await failure(`${base}/loop`)).message).toMatch(/redirects too often/);
  });
  it('refuses addresses that are not web addresses', async () => {
    expect((await failure('not a url')).message).toBe('The image address is not a valid web address.');
    expect((await failure('http://user:pw@127.0.0.1/x')).message).toMatch(/user name or password/);
  });
});
