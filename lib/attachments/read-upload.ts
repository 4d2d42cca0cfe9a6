import { ApiError } from '@/lib/api/errors';
import { readBodyLimited } from '@/lib/api/wrapper';
import { maxAttachmentBytes } from './storage';

// Multipart framing (boundaries, part headers, the optional name field) on top of the file itself.
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Reads a multipart/form-data upload with a hard byte cap (413 beyond it, checked while reading,
 * so a lying or missing Content-Length cannot make us buffer more) and returns the `file` part.
 */
export async function readUpload(request: Request): Promise<{ bytes: Uint8Array; name: string }> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw ApiError.validation('file: send multipart/form-data with a `file` part');
  }
  const limit = maxAttachmentBytes() + MULTIPART_OVERHEAD;
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw new ApiError('PAYLOAD_TOO_LARGE');
  const raw = await readBodyLimited(request, limit);
  let form: FormData;
  try {
    form = await new Response(raw as BodyInit, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw ApiError.validation('(body): malformed multipart body');
  }
  const file = form.get('file');
  if (!file || typeof file === 'string') throw ApiError.validation('file: required (a file part named `file`)');
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > maxAttachmentBytes()) throw new ApiError('PAYLOAD_TOO_LARGE');
  const nameField = form.get('name');
  // NUL cannot be stored in PostgreSQL text; control characters have no place in a display name.
  const clean = (s: string) => s.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = (typeof nameField === 'string' && clean(nameField) ? clean(nameField) : clean(file.name) || 'attachment').slice(0, 200);
  return { bytes, name };
}
