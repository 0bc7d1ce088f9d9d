// A local HTTP receiver for the webhook suites: it records every request it gets and answers 200
// {"ok":true}, unless `respond` answers first (a failing or redirecting path). Registers its own
// beforeAll (listen on 127.0.0.1, any port) and afterAll (close); its address is `base` once listening.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:{port}, set once it listens */
  readonly base: string;
  /** every request so far, oldest first */
  readonly received: Received[];
}

/** `respond` answers a request itself (and says true), or leaves it to the default 200. */
export const webhookReceiver = (
  respond: (path: string, res: http.ServerResponse) => boolean = () => false,
): WebhookReceiver => {
  const received: Received[] = [];
  let base = '';
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      if (respond(req.url ?? '', res)) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    get base() {
      return base;
    },
    received,
  };
};
