/**
 * `npm run crm -- watchlist:import --source ListSourceA|ListSourceB|Custom [--tenant acme]
 *   [--format json|csv|un-xml] FILE` → prints {"added","updated","deprecated","unchanged"}.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { databaseUrl } from '@/lib/db/config';
import { guessFormat, importWatchlist, ImportFormatError, parseWatchlist, type ImportFormat } from '@/lib/screening/watchlist-import';
import type { WatchlistSource } from '@/lib/screening/score';

export interface WatchlistImportArgs {
  source: WatchlistSource;
  tenant: string | null;
  format: ImportFormat;
  file: string;
}

export function parseWatchlistImportArgs(argv: string[]): WatchlistImportArgs {
  let source: string | undefined;
  let tenant: string | null = null;
  let format: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const val = () => {
      const v = argv[++i];
      if (v === undefined) throw new ImportFormatError(`${a} needs a value`);
      return v;
    };
    if (a === '--source') source = val();
    else if (a.startsWith('--source=')) source = a.slice(9);
    else if (a === '--tenant') tenant = val();
    else if (a.startsWith('--tenant=')) tenant = a.slice(9);
    else if (a === '--format') format = val();
    else if (a.startsWith('--format=')) format = a.slice(9);
    else if (a.startsWith('--')) throw new ImportFormatError(`unknown option ${a}`);
    else files.push(a);
  }
  if (source !== 'ListSourceA' && source !== 'ListSourceB' && source !== 'Custom')
    throw new ImportFormatError('--source must be ListSourceA, ListSourceB or Custom');
  if (files.length !== 1) throw new ImportFormatError('exactly one FILE is required');
  if (format !== undefined && format !== 'json' && format !== 'csv' && format !== 'un-xml') throw new ImportFormatError('--format must be json, csv or un-xml');
  if (source === 'Custom' && !tenant) throw new ImportFormatError('--tenant is required for a Custom list');
  if (source !== 'Custom' && tenant) throw new ImportFormatError('--tenant is only allowed with --source Custom');
  const file = files[0]!;
  return { source, tenant, format: (format as ImportFormat | undefined) ?? guessFormat(file), file };
}

/** Runs the command; resolves to the printed counts. Throws with a one-line message on error. */
export async function runWatchlistImport(argv: string[], opts: { connectionString?: string; print?: (s: string) => void } = {}) {
  const args = parseWatchlistImportArgs(argv);
  const text = await fs.readFile(args.file, 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw new ImportFormatError(`cannot read ${args.file}: ${e.code ?? e.message}`);
  });
  const entries = parseWatchlist(text, args.format);
  const client = new pg.Client({ connectionString: opts.connectionString ?? databaseUrl() });
  await client.connect();
  try {
    let tenantId: string | null = null;
    if (args.tenant) {
      await client.query(`SELECT set_config('app.scope', 'platform', false)`);
      const r = await client.query('SELECT id FROM "Tenant" WHERE slug = $1', [args.tenant]);
      if (r.rows.length === 0) throw new ImportFormatError(`unknown tenant ${args.tenant}`);
      tenantId = r.rows[0].id;
    }
    const result = await importWatchlist({ db: client, source: args.source, tenantId, format: args.format, fileName: path.basename(args.file), entries });
    const counts = { added: result.added, updated: result.updated, deprecated: result.deprecated, unchanged: result.unchanged };
    (opts.print ?? ((s) => process.stdout.write(s + '\n')))(JSON.stringify(counts));
    return { ...counts, importId: result.importId };
  } finally {
    await client.end();
  }
}
