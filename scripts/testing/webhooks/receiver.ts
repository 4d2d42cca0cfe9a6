import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  headers: http.IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

/** What the receiver does with a request: answer, or misbehave like a broken integration. */
export type Behaviour =
  | { kind: 'ok' }
  | { kind: 'status'; status: number }
  | { kind: 'hang'; ms: number }
  | { kind: 'destroy' }
  | { kind: 'echo'; as: 'text' | 'json' }
  | { kind: 'wrong-echo' }
  | { kind: 'slow-ok'; ms: number };

/**
 * A real HTTP receiver on 127.0.0.1 (tests and the bench): records every request and answers
 * according to `behave`, which may change between requests. Handshakes are echoed unless told otherwise.
 */
export async function startReceiver(initial: Behaviour = { kind: 'ok' }) {
  const requests: ReceivedRequest[] = [];
  let behave: (request: ReceivedRequest) => Behaviour = (r) => (isHandshake(r) ? { kind: 'echo', as: 'text' } : initial);
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() };
      requests.push(received);
      const b = behave(received);
      switch (b.kind) {
        case 'ok':
          res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
          return;
        case 'status':
          res.writeHead(b.status, { 'content-type': 'text/plain' }).end(`status ${b.status}`);
          return;
        case 'hang':
          setTimeout(() => res.writeHead(200).end('too late'), b.ms).unref();
          return;
        case 'slow-ok':
          setTimeout(() => res.writeHead(200).end('ok'), b.ms).unref();
          return;
        case 'destroy':
          req.socket.destroy();
          return;
        case 'echo': {
          const challenge = (JSON.parse(received.body) as { challenge: string }).challenge;
          if (b.as === 'json') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ challenge }));
          else res.writeHead(200, { 'content-type': 'text/plain' }).end(challenge);
          return;
        }
        case 'wrong-echo':
          res.writeHead(200, { 'content-type': 'text/plain' }).end('not-the-challenge');
          return;
      }
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    requests,
    events: () => requests.filter((r) => !isHandshake(r)),
    handshakes: () => requests.filter(isHandshake),
    setBehaviour(fn: (request: ReceivedRequest) => Behaviour) {
      behave = fn;
    },
    /** Same behaviour for events; handshakes keep being echoed. */
    setEventBehaviour(b: Behaviour) {
      behave = (r) => (isHandshake(r) ? { kind: 'echo', as: 'text' } : b);
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

export function isHandshake(r: ReceivedRequest): boolean {
  return r.headers['x-webhook-event'] === 'handshake';
}
