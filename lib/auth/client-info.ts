import { AsyncLocalStorage } from 'node:async_hooks';
import type { ClientInfo } from '@/lib/audit/write-audit';

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

/**
 * The browser's address and user agent. The address is the first X-Forwarded-For entry: Next.js
 * fills that header from the socket when no proxy sent one, and a reverse proxy in front must
 * overwrite (not append to) what the client sent — README, Security.
 */
export function clientInfoFrom(headers: HeaderSource): ClientInfo {
  const get = (name: string) => {
    const value = headers instanceof Headers ? headers.get(name) : headers[name];
    return (Array.isArray(value) ? value[0] : value) ?? null;
  };
  const ip = get('x-forwarded-for')?.split(',')[0]?.trim() || null;
  return { ip: ip?.replace(/^::ffff:/, '') ?? null, userAgent: get('user-agent') };
}

const current = new AsyncLocalStorage<ClientInfo>();

/** Runs next-auth's handler with the request's client info at hand for its callbacks and events. */
export function withClientInfo<T>(client: ClientInfo, work: () => T): T {
  return current.run(client, work);
}

/** The client info of the next-auth request being handled, if any. */
export function currentClientInfo(): ClientInfo | undefined {
  return current.getStore();
}
