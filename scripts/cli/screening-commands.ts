import { runWatchlistImport } from '@/scripts/screening/watchlist-import';
import type { Command } from './command';

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
};
