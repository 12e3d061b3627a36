// Test support (with testing.ts): a receiver of the shop's webhooks, for the server's and the browser's tests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One POST the receiver got, checked with the Standard Webhooks library as a receiver would. */
export interface ReceivedEvent {
  webhookId: string;
  type: string;
  data: unknown;
  body: string;
  /** Whether the receiver accepted it (answered 2xx). */
  accepted: boolean;
}

/**
 * A webhook receiver on 127.0.0.1, written as an integrator would write one: it verifies every request with
 * the `standardwebhooks` package and the endpoint's secret, and refuses (400) one whose signature fails.
 * `down` makes it answer 503 (a receiver being deployed); `answer` sets the 2xx body.
 */
export interface WebhookReceiver {
  url: string;
  secret: string;
  down: boolean;
  answer: string;
  received: ReceivedEvent[];
  /** Requests whose signature did not verify. */
  refused: string[];
  /** The accepted events, each webhook-id once, in the order first accepted. */
  accepted(): ReceivedEvent[];
  close(): Promise<void>;
}

export async function webhookReceiver(path = '/shop-events'): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '',
    secret: '',
    down: false,
    answer: 'ok',
    received: [],
    refused: [],
    accepted() {
      const seen = new Set<string>();
      return receiver.received.filter((r) => r.accepted && !seen.has(r.webhookId) && seen.add(r.webhookId));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      let event: { type: string; data: unknown };
      try {
        event = new Webhook(receiver.secret).verify(body, headers) as { type: string; data: unknown };
      } catch (error) {
        receiver.refused.push(String(error));
        response.writeHead(400).end('bad signature');
        return;
      }
      const accepted = !receiver.down;
      receiver.received.push({
        webhookId: headers['webhook-id'] ?? '',
        type: event.type,
        data: event.data,
        body,
        accepted,
      });
      if (!accepted) response.writeHead(503, { 'content-type': 'text/plain' }).end('down for a deploy');
      else response.writeHead(200, { 'content-type': 'text/plain' }).end(receiver.answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}
