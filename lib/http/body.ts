import { AppError } from '@/lib/core/errors';

/** JSON bodies: 1 MB (decisions.md, Limits). */
export const JSON_BODY_LIMIT = 1024 * 1024;

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
