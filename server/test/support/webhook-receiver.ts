/**
 * A real HTTP receiver for the webhook tests (issue 43): listens on a free loopback port, keeps every
 * request it gets (headers, raw body, when), and answers as the test says: a status, after a delay,
 * or never (the request hangs until the receiver closes).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** How to answer the n-th request (0-based): a status, optionally after `delayMs`, or `hang`. */
export type Answer = { status: number; delayMs?: number; headers?: Record<string, string> } | 'hang';

export interface WebhookReceiver {
  url: string;
  received: ReceivedRequest[];
  /** Sets how requests are answered from now on. */
  answerWith(answer: (request: ReceivedRequest, index: number) => Answer): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  let answer: (request: ReceivedRequest, index: number) => Answer = () => ({ status: 200 });
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(request);
      const chosen = answer(request, received.length - 1);
      if (chosen === 'hang') {
        hanging.add(res);
        return;
      }
      setTimeout(() => res.writeHead(chosen.status, chosen.headers).end('answer'), chosen.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answerWith(next) {
      answer = next;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
