// npm run db:migrate – applies the committed migrations without starting the service: for
// deployments that migrate in a release step before the web and worker processes start. Uses
// DATABASE_URL, or the embedded server on its data folder when DATABASE_URL is unset. Prints
// {"applied":[…]} (empty when the database was up to date).
import { databaseUrl } from '@/lib/db/config';
import { startEmbeddedPostgres } from '@/lib/db/embedded';
import { applyMigrations } from '@/lib/db/migrate';

const embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres();
try {
  const applied = await applyMigrations(embedded?.url ?? databaseUrl());
  process.stdout.write(JSON.stringify({ applied }) + '\n');
} catch (error) {
  process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await embedded?.stop();
}
