import { defineConfig } from 'vitest/config';
import path from 'node:path';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: ['lib/**/*.test.ts', 'app/**/*.test.ts', 'components/**/*.test.ts', 'scripts/**/*.test.ts', 'messages/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: ['node_modules', '.next', 'e2e'],
    globalSetup: ['scripts/testing/global-setup.ts'],
    env: { LOG_LEVEL: 'warn' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    server: { deps: { inline: ['next-intl'] } },
  },
});
