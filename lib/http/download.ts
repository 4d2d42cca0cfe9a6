/** Types a browser may show in place (the document viewer); anything else is only ever downloaded. */
const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp)|application\/pdf)$/;

export interface DownloadContent {
  name: string;
  mimeType: string;
  size: number;
  body: Uint8Array | ReadableStream;
}

/** Downloads: a sandboxed document (no script, no forms, a unique origin) that loads nothing. */
export const DOWNLOAD_CONTENT_SECURITY_POLICY = "sandbox; default-src 'none'; frame-ancestors 'none'";
/**
 * Shown in place (images and PDF only): nothing may run or load but the file itself, and only our
 * own pages may frame it. Not `sandbox`: Chromium's PDF viewer refuses to render a sandboxed
 * document (it shows a blocked-plugin page instead), which e2e/security-headers.spec.ts checks.
 */
export const INLINE_CONTENT_SECURITY_POLICY = "default-src 'none'; img-src 'self'; object-src 'self'; frame-ancestors 'self'";

/**
 * The one response for stored files (the API's download and the officer app's viewer): the type we
 * detected from the bytes, `nosniff`, never cached, not readable by other sites' pages
 * (`Cross-Origin-Resource-Policy`), and a Content-Security-Policy so a file cannot run script in
 * our origin: `sandbox` for downloads (an SVG or HTML opened from a download runs nothing, even
 * as a top-level document); inline images and PDF the no-script policy above.
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
