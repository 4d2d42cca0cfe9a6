import http from 'node:http';

/** The content codings a cached body is kept in besides identity (RawJson.cached), best first. */
export type ContentCoding = 'gzip';

const Q_VALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The coding to answer with, among `available` (best first) and identity, from the request's
 * Accept-Encoding (RFC 9110 12.5.3):
 * - no header: identity (a client that says nothing may not decode anything);
 * - each `coding;q=value`, names case-insensitive, `x-gzip` read as gzip; `q=0` refuses the coding;
 *   `*` stands for every coding the header does not name; an item with a malformed q is ignored;
 * - the highest q wins; on a tie, a coding beats identity and an earlier `available` a later one;
 * - identity is acceptable unless refused (`identity;q=0`, or `*;q=0` without naming identity), and
 *   is the answer when nothing else is acceptable, even when refused: RFC 9110 lets a server
 *   disregard the header rather than answer 406, and every client reads identity.
 */
export function negotiateContentCoding(header: string | null, available: readonly ContentCoding[]): ContentCoding | 'identity' {
  if (header === null) return 'identity';
  const named = new Map<string, number>();
  for (const item of header.split(',')) {
    const [rawName, ...params] = item.split(';').map((p) => p.trim());
    if (!rawName) continue;
    const name = rawName.toLowerCase() === 'x-gzip' ? 'gzip' : rawName.toLowerCase();
    let q = 1;
    let valid = true;
    for (const param of params) {
      const [key, value] = param.split('=').map((p) => p.trim());
      if (key?.toLowerCase() !== 'q') continue;
      if (value === undefined || !Q_VALUE.test(value)) valid = false;
      else q = Number(value);
    }
    // A coding named twice keeps its best weight.
    if (valid) named.set(name, Math.max(q, named.get(name) ?? 0));
  }
  const star = named.get('*');
  const weight = (coding: string) => named.get(coding) ?? star ?? 0;
  let best: ContentCoding | 'identity' = 'identity';
  let bestQ = 0;
  for (const coding of available) {
    const q = weight(coding);
    if (q > bestQ) [best, bestQ] = [coding, q];
  }
  // Identity, when the header does not weigh it, ranks below every accepted coding.
  const identityQ = named.get('identity') ?? star ?? 0;
  return identityQ > bestQ ? 'identity' : best;
}

/**
 * Next.js (16.4, `next start`) drops a route handler's own `Content-Encoding` when it copies the
 * Response onto Node's (server/send-response.js, FORBIDDEN_HEADERS: a body that came from fetch()
 * may have been decoded on the way), and its compression middleware, seeing no Content-Encoding,
 * then gzips the body once more on the fly: a pre-encoded body would reach the client gzipped twice
 * under one `Content-Encoding: gzip`. A pre-encoded answer therefore also names its coding in this
 * header, which Next copies like any other; `keepPreEncodedContentEncoding` (installed once per
 * server process by instrumentation.ts) turns it back into Content-Encoding as Next sets it on the
 * Node response, so the middleware leaves the body alone ("already encoded"). The header never
 * reaches the wire under this name.
 */
export const PRE_ENCODED_HEADER = 'x-crm-content-encoding';

const installed = Symbol.for('crm.keepPreEncodedContentEncoding');

export function keepPreEncodedContentEncoding(): void {
  const proto = http.ServerResponse.prototype as http.ServerResponse & { [installed]?: true };
  if (proto[installed]) return;
  proto[installed] = true;
  const { setHeader, appendHeader } = proto;
  const rename = (name: string) => (name.toLowerCase() === PRE_ENCODED_HEADER ? 'content-encoding' : name);
  proto.setHeader = function (this: http.ServerResponse, name: string, value: number | string | readonly string[]) {
    return setHeader.call(this, rename(name), value);
  };
  proto.appendHeader = function (this: http.ServerResponse, name: string, value: string | readonly string[]) {
    return appendHeader.call(this, rename(name), value);
  };
}
