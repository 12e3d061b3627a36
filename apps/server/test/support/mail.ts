import net from 'node:net';
import type { TestServer } from '../../src/testing.ts';

export interface Received {
  from: string;
  to: string[];
  data: string;
}

export interface SmtpSink {
  port: number;
  messages: Received[];
  close(): Promise<void>;
}

/** A tiny SMTP server that accepts every message and keeps it, as a real mail server would receive it. */
export async function smtpSink(port = 0): Promise<SmtpSink> {
  const messages: Received[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    socket.write('220 sink.test ESMTP\r\n');
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 OK queued\r\n');
          } else {
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250 sink.test\r\n');
        else if (command === 'MAIL') {
          current.from = line.slice(10);
          socket.write('250 OK\r\n');
        } else if (command === 'RCPT') {
          current.to.push(line.slice(8));
          socket.write('250 OK\r\n');
        } else if (command === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (command === 'QUIT') socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    messages,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An outbox row as the table holds it. */
export interface OutboxRow {
  email_id: number;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  sent_at: number | null;
  attempts: number;
  last_error: string | null;
  order_id: number | null;
}

/** The outbox's rows of one kind (every row without one), oldest first. */
export function outboxRows(server: TestServer, kind?: string): OutboxRow[] {
  const rows = server.shop.database.sqlite
    .prepare('select * from email_outbox order by email_id')
    .all() as OutboxRow[];
  return kind === undefined ? rows : rows.filter((r) => r.kind === kind);
}

/** Waits for what a person would wait for (a background send), checking every 50 ms. */
export async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
