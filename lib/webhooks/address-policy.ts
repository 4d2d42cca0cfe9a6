import dns from 'node:dns/promises';
import net from 'node:net';

// SSRF guard. A webhook URL must be https (http only for loopback when WEBHOOK_ALLOW_LOOPBACK=true),
// and every address its host resolves to must be public. The caller then connects to the address
// validated here (the transport pins it), so a DNS answer that changes between the check and the
// connection cannot redirect the request, and redirects are never followed.

export type Resolver = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;

export interface ValidatedTarget {
  url: URL;
  /** Host name as written (for Host and TLS SNI); brackets removed from IPv6 literals. */
  hostname: string;
  address: string;
  family: 4 | 6;
}

export class UnsafeUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeUrlError';
  }
}

const systemResolver: Resolver = async (hostname) =>
  (await dns.lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family as 4 | 6 }));

// Separate lists: node's BlockList matches IPv4 addresses against IPv6 rules as IPv4-mapped, so one
// list holding ::ffff:0:0/96 would refuse every IPv4 address.
const blocked4 = new net.BlockList();
const blocked6 = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback (allowed separately by the flag)
  ['169.254.0.0', 16], // link-local, incl. the cloud metadata service 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. broadcast
] as const) {
  blocked4.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback (allowed separately by the flag)
  ['::ffff:0:0', 96], // IPv4-mapped: would reach an IPv4 host behind an IPv6 literal
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds an IPv4 address)
  ['fc00::', 7], // unique local, incl. fd00:ec2::254 (metadata)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked6.addSubnet(prefix, bits, 'ipv6');
}

export function isLoopbackAddress(address: string): boolean {
  if (net.isIPv4(address)) return address.startsWith('127.');
  return net.isIPv6(address) && (address === '::1' || address === '0:0:0:0:0:0:0:1');
}

/** Why an address may not be contacted, or null when it is a public unicast address. */
export function addressRefusal(address: string, options: { allowLoopback: boolean }): string | null {
  const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : null;
  if (!family) return `not an IP address: ${address}`;
  if (isLoopbackAddress(address)) return options.allowLoopback ? null : `loopback address ${address} is not allowed`;
  if ((family === 'ipv4' ? blocked4 : blocked6).check(address, family)) return `address ${address} is private, link-local, reserved or otherwise not public`;
  return null;
}

/**
 * Checks a webhook URL and resolves its host. Every resolved address must pass (one private answer
 * among public ones is refused too), and the first is returned to be pinned for the connection.
 */
export async function validateWebhookUrl(raw: string, options: { allowLoopback: boolean; resolve?: Resolver }): Promise<ValidatedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError('not a valid URL');
  }
  if (url.username || url.password) throw new UnsafeUrlError('URLs with credentials are not allowed');
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = net.isIP(hostname) !== 0;
  const loopbackName = hostname === 'localhost' || (literal && isLoopbackAddress(hostname));
  if (url.protocol === 'http:') {
    if (!(options.allowLoopback && loopbackName)) {
      throw new UnsafeUrlError('only https URLs are allowed (http only for loopback with WEBHOOK_ALLOW_LOOPBACK=true)');
    }
  } else if (url.protocol !== 'https:') {
    throw new UnsafeUrlError('only https URLs are allowed');
  }
  let addresses: { address: string; family: 4 | 6 }[];
  if (literal) {
    addresses = [{ address: hostname, family: net.isIPv4(hostname) ? 4 : 6 }];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolver)(hostname);
    } catch (error) {
      throw new UnsafeUrlError(`cannot resolve ${hostname}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    if (addresses.length === 0) throw new UnsafeUrlError(`cannot resolve ${hostname}`);
  }
  for (const { address } of addresses) {
    const refusal = addressRefusal(address, { allowLoopback: options.allowLoopback });
    if (refusal) throw new UnsafeUrlError(literal ? refusal : `${hostname} resolves to a refused address: ${refusal}`);
  }
  // With plain http only loopback gets here; a name like localhost must not resolve elsewhere.
  if (url.protocol === 'http:' && !addresses.every((a) => isLoopbackAddress(a.address))) {
    throw new UnsafeUrlError('http is allowed only for loopback addresses');
  }
  const first = addresses[0]!;
  return { url, hostname, address: first.address, family: first.family };
}
