import { AppError } from '@/lib/core/errors';

/** JSON bodies: 1 MB (decisions.md, Limits). */
export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Objects and arrays in a JSON body nest at most this deep (ours). Free-form members (a prospect's
 * `rawData`, a transaction's `securityDetails`) are walked by validation and stored as jsonb, and a
 * 50 kB body nested thousands deep overflowed the stack there: a 500 for bad input. Real registry
 * lookups and form trees nest about ten deep.
 */
export const JSON_DEPTH_LIMIT = 64;

/** Whether a JSON text (already known to parse) nests objects and arrays deeper than `limit`; brackets inside strings do not count. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Reads a request body, refusing (413) a declared length over `limit` at once and any body as soon as it passes `limit` bytes. */
export async function readBodyLimited(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw new AppError('PAYLOAD_TOO_LARGE');
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw new AppError('PAYLOAD_TOO_LARGE');
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
