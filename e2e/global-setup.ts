// Runs after the webServer (`npm start` on a freshly wiped embedded cluster) is up and migrated:
// seeds the records the specs use, through the services, in a child process (tsx resolves the
// project's path aliases and ESM Prisma client the same way the app does).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { SEED_ENV, SEED_FILE } from './fixtures/env';

export default function globalSetup() {
  const root = path.resolve(import.meta.dirname, '..');
  const result = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), ['e2e/seed.ts', SEED_FILE], {
    cwd: root,
    env: { ...process.env, ...SEED_ENV, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
    timeout: 120_000,
  });
  if (result.status !== 0) throw new Error(`e2e seed failed (exit ${result.status})`);
}
