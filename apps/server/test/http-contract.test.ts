import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, startTestServer, type TestServer } from '../src/testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('HTTP answers a caller can act on', () => {
  it('treats a body with __proto__ keys as the JSON it is, dropping those keys', async () => {
    const { status, body } = await rest(server.url, 'POST', '/api/v1/Orders/Submit', {
      body: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{}}}',
    });
    expect(status).toBe(400);
    expect(body.message).not.toMatch(/not valid JSON/i);
    expect(body.message).toContain('You must enter a first name for your order.');
  });

  it('says the limit when a JSON body is too large', async () => {
    const { status, body } = await rest(server.url, 'POST', '/api/v1/Orders/Submit', {
      body: JSON.stringify({ comments: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(status).toBe(413);
    expect(body).toEqual({
      success: false,
      message: 'The request body is too large: the limit is 1 MB.',
      data: null,
    });
  });

  it('answers 405 naming the right method for a known path', async () => {
    const response = await fetch(`${server.url}/api/v1/Orders/Submit`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toEqual({
      success: false,
      message: 'Use POST for /api/v1/Orders/Submit.',
      data: null,
    });
  });

  it('still answers 404 for a path that does not exist', async () => {
    const { status, body } = await rest(server.url, 'GET', '/api/v1/Orders/Nothing');
    expect(status).toBe(404);
    expect(body.success).toBe(false);
  });
});
