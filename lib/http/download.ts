/** Types a browser may show in place (the document viewer); anything else is only ever downloaded. */
const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp)|application\/pdf)$/;

export interface DownloadContent {
  name: string;
  mimeType: string;
  size: number;
  body: Uint8Array | ReadableStream;
}

/**
 * The one response for stored files (the API's download and the officer app's viewer): the type we
 * detected from the bytes, `nosniff`, never cached, and a Content-Security-Policy so a file cannot
 * run script in our origin: `sandbox` for downloads; shown in place (`inline`, images and PDF only)
 * no script and no framing by other sites (Chromium's PDF viewer refuses a sandboxed document).
 */
export function downloadResponse(content: DownloadContent, { inline = false }: { inline?: boolean } = {}): Response {
  const showInline = inline && INLINE_TYPES.test(content.mimeType);
  const ascii = content.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return new Response(content.body as BodyInit, {
    status: 200,
    headers: {
      'content-type': content.mimeType,
      'content-length': String(content.size),
      'content-disposition': `${showInline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(content.name)}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': showInline ? "default-src 'none'; img-src 'self'; object-src 'self'; frame-ancestors 'self'" : "sandbox; default-src 'none'",
      'cache-control': 'private, no-store',
    },
  });
}
