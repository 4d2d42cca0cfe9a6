// Runs once when a Next.js server process starts (`next start`, `next dev`).
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // A pre-encoded answer (a cached KYC form's gzip bytes) keeps its Content-Encoding through
    // Next.js's response copy: see lib/http/content-coding.ts.
    const { keepPreEncodedContentEncoding } = await import('./lib/http/content-coding');
    keepPreEncodedContentEncoding();
  }
}
