import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { MAX_RESPONSE_BYTES } from './config';
import type { ValidatedTarget } from './address-policy';

export interface TransportResult {
  statusCode: number | null;
  /** Up to MAX_RESPONSE_BYTES of the response body, as text. */
  body: string;
  durationMs: number;
  error: string | null;
}

// Keep-alive agents, one per pinned address: a reused socket is always connected to an address
// that passed the SSRF check, and throughput does not pay a TCP/TLS handshake per event.
const agents = new Map<string, http.Agent>();
function agentFor(target: ValidatedTarget): http.Agent {
  const key = `${target.url.protocol}//${target.hostname}@${target.address}:${target.url.port}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: 30_000 };
    agent = target.url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

/** Resolves every lookup to the validated address instead of asking DNS again. */
function pinnedLookup(target: ValidatedTarget): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
}

/**
 * POSTs one webhook request to a validated target. Redirects are not followed (a 3xx is just a
 * failed try), the whole exchange is bounded by `timeoutMs`, and at most MAX_RESPONSE_BYTES of
 * the response are read before the socket is dropped.
 */
export function postWebhook(input: { target: ValidatedTarget; headers: Record<string, string>; body: string; timeoutMs: number }): Promise<TransportResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<TransportResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const { url } = input.target;
    const client = url.protocol === 'https:' ? https : http;
    const payload = Buffer.from(input.body, 'utf8');
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: input.target.hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...input.headers, 'content-length': String(payload.length) },
        lookup: pinnedLookup(input.target),
        agent: agentFor(input.target),
        servername: url.protocol === 'https:' && !isIpLiteral(input.target.hostname) ? input.target.hostname : undefined,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => finish({ statusCode: response.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), error: null });
        response.on('data', (chunk: Buffer) => {
          const room = MAX_RESPONSE_BYTES - size;
          if (room > 0) chunks.push(chunk.subarray(0, room));
          size += chunk.length;
          if (size >= MAX_RESPONSE_BYTES) {
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', (error) => finish({ statusCode: response.statusCode ?? null, body: '', error: describe(error) }));
        response.on('aborted', () => finish({ statusCode: response.statusCode ?? null, body: '', error: 'response aborted' }));
      },
    );
    const timer = setTimeout(() => {
      finish({ statusCode: null, body: '', error: `timeout after ${input.timeoutMs} ms` });
      request.destroy();
    }, input.timeoutMs);
    request.on('error', (error) => finish({ statusCode: null, body: '', error: describe(error) }));
    request.end(payload);
  });
}

function isIpLiteral(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.includes(':');
}

function describe(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code ? `${code}: ${error.message}` : error.message;
}
