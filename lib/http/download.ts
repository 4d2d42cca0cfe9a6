/** Types a browser may show in place (the document viewer); anything else is only ever downloaded. */
const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp)|application\/pdf)$/;

export interface DownloadContent {
  name: string;
  mimeType: string;
  size: number;
  body: Uint8Array | ReadableStream;
}

/**
 * Every stored file is a sandboxed document (no script, no forms, no plugins of its own, an opaque
 * origin) that loads nothing: a PDF, an SVG or an HTML file renders, if at all, unable to reach our
 * origin, whether it is downloaded, opened in a tab or framed. Shown in place (images and PDF), our
 * own pages may frame it (the profile's PDF viewer); a download may not be framed at all.
 * Chromium 156 shows a sandboxed PDF in its viewer, framed and top-level (e2e/security-headers.spec.ts
 * opens one); older write-ups say it refused, which no longer holds.
 */
export const DOWNLOAD_CONTENT_SECURITY_POLICY = "sandbox; default-src 'none'; frame-ancestors 'none'";
export const INLINE_CONTENT_SECURITY_POLICY = "sandbox; default-src 'none'; frame-ancestors 'self'";

/**
 * The one response for stored files (the API's download and the officer app's viewer): the type we
 * detected from the bytes, `nosniff`, never cached, not readable by other sites' pages
 * (`Cross-Origin-Resource-Policy`), and the sandboxing policy above.
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
      'content-security-policy': showInline ? INLINE_CONTENT_SECURITY_POLICY : DOWNLOAD_CONTENT_SECURITY_POLICY,
      'x-frame-options': showInline ? 'SAMEORIGIN' : 'DENY',
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'private, no-store',
    },
  });
}
