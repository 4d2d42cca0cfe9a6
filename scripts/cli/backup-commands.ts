import { backupDatabase, restoreDatabase, RestoreRefused } from '@/lib/platform/backup';
import { databaseUrl } from '@/lib/db/config';
import { CliError, type Command } from './command';

function fileOf(positionals: string[], usage: string): string {
  if (positionals.length !== 1) throw new CliError(`usage: ${usage}`);
  return positionals[0];
}

/** Backup and restore of the whole database (lib/db/backup.ts; README, Backup and restore). */
export const backupCommands: Record<string, Command> = {
  backup: {
    usage: 'backup FILE  (a consistent snapshot, gzip JSON lines; the service may keep running)',
    options: {},
    positionals: true,
    run: async (_o, positionals) => backupDatabase(databaseUrl(), fileOf(positionals, backupCommands.backup.usage)),
  },
  restore: {
    usage: 'restore FILE [--replace]  (stop the service first; --replace drops a database that holds data)',
    options: { replace: 'boolean' },
    positionals: true,
    run: async (o, positionals) => {
      try {
        return await restoreDatabase(databaseUrl(), fileOf(positionals, backupCommands.restore.usage), {
          replace: o.replace === true,
          log: (line) => process.stderr.write(`${line}\n`),
        });
      } catch (error) {
        if (error instanceof RestoreRefused) throw new CliError(error.message);
        throw error;
      }
    },
  },
};
