import pg from 'pg';
import { databaseUrl } from '@/lib/db/config';
import { rebuildNameKeys } from '@/lib/screening/watchlist-import';
import { runWatchlistImport } from '@/scripts/screening/watchlist-import';
import { CliError, type Command } from './command';

const SOURCES = ['ListSourceA', 'ListSourceB', 'Custom'] as const;

const USAGE = 'watchlist:import --source ListSourceA|ListSourceB|Custom [--tenant acme] [--format json|csv|un-xml] FILE';

export const screeningCommands: Record<string, Command> = {
  'watchlist:import': {
    usage: USAGE,
    options: { source: 'string', tenant: 'string', format: 'string' },
    positionals: true,
    run: async (o, positionals) => {
      // Rebuilt into argv so the CLI and runWatchlistImport share one argument check.
      const argv: string[] = [];
      for (const name of ['source', 'tenant', 'format'] as const) if (typeof o[name] === 'string') argv.push(`--${name}`, o[name]);
      const r = await runWatchlistImport([...argv, ...positionals], { print: () => {} });
      return { added: r.added, updated: r.updated, deprecated: r.deprecated, unchanged: r.unchanged };
    },
  },
  // After an upgrade that changes how names are keyed: an import only re-keys entries whose content
  // changed, so entries imported before keep keys that new searches no longer look up.
  'watchlist:rekey': {
    usage: 'watchlist:rekey [--source ListSourceA|ListSourceB|Custom]',
    options: { source: 'string' },
    run: async (o) => {
      const source = o.source as (typeof SOURCES)[number] | undefined;
      if (source !== undefined && !SOURCES.includes(source)) throw new CliError(`--source must be one of ${SOURCES.join(', ')}`);
      const client = new pg.Client({ connectionString: databaseUrl() });
      await client.connect();
      try {
        return { rekeyed: await rebuildNameKeys(client, { source }) };
      } finally {
        await client.end();
      }
    },
  },
};
