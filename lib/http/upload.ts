import { AppError } from '@/lib/core/errors';
import { maxAttachmentBytes } from '@/lib/attachments/storage';

/** An attachment's display name (createAttachmentForm's `name`). */
const NAME_MAX = 200;

// Multipart framing (boundaries, part headers, the optional name field) on top of the file itself.
const MULTIPART_OVERHEAD = 64 * 1024;

/** The most an upload request may carry: the attachment limit plus the multipart framing. */
export function uploadLimitBytes(): number {
  return maxAttachmentBytes() + MULTIPART_OVERHEAD;
}

/**
 * The `file` part (and optional `name`) of a multipart/form-data body that the route wrapper read
 * with uploadLimitBytes() as its cap (413 beyond it, checked while reading, so a lying or missing
 * Content-Length cannot make us buffer more).
 */
export async function parseUpload(request: Request, raw: Uint8Array): Promise<{ bytes: Uint8Array; name: string }> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw AppError.validation('file: send multipart/form-data with a `file` part');
  }
  let form: FormData;
  try {
    form = await new Response(raw as BodyInit, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw AppError.validation('(body): malformed multipart body');
  }
  const file = form.get('file');
  if (!file || typeof file === 'string') throw AppError.validation('file: required (a file part named `file`)');
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > maxAttachmentBytes()) throw new AppError('PAYLOAD_TOO_LARGE');
  const nameField = form.get('name');
  // NUL cannot be stored in PostgreSQL text; control characters have no place in a display name.
  const clean = (s: string) => s.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const given = typeof nameField === 'string' ? clean(nameField) : '';
  // A name the caller chose is theirs to shorten (400); a long file name is only a default, and is cut.
  if (given.length > NAME_MAX) throw AppError.validation(`name: at most ${NAME_MAX} characters (this one has ${given.length})`);
  const name = given || (clean(file.name) || 'attachment').slice(0, NAME_MAX);
  return { bytes, name };
}
