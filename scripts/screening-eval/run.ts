/**
 * Runs the real-list evaluation against a migrated database: imports the index through
 * `watchlist:import` (runWatchlistImport), screens every query through the service of
 * `POST /screening/search` (searchScreening, in the tenant's RLS transaction), and scores a
 * plain Jaro-Winkler baseline on the same index and queries.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { searchScreening } from '@/lib/screening/search-service';
import { ScreeningSearchRequestSchema, type MatchDto } from '@/lib/screening/schemas';
import { DEFAULT_THRESHOLDS } from '@/lib/screening/thresholds';
import { runWatchlistImport } from '@/scripts/screening/watchlist-import';
import { baselineSearch, prepareBaselineIndex } from './baseline';
import { buildEvalSet, type EvalQuery, type ListName } from './dataset';

export const SOURCE_OF: Record<ListName, 'ListSourceA' | 'ListSourceB'> = { UN: 'ListSourceA', OFAC: 'ListSourceB' };

export interface Outcome {
  query: EvalQuery;
  /** best result of the query's own list at or above the review threshold, if any */
  top: { externalId: string; name: string; score: number; recommendation: string } | null;
  /** the right person is among the own-list results (any rank) */
  found: boolean;
  ms: number;
  /** baseline: best own-list entry and its JW score (no threshold applied) */
  baseline: { externalId: string; score: number } | null;
  baselineMs: number;
}

export interface RunOptions {
  dataDir: string;
  /** a migrated database; the app's Prisma client must already point at it (useDatabase) */
  databaseUrl: string;
  /** fraction of people (hash-chosen) to evaluate; 1 = all */
  sample?: number;
  /** stop querying after this many seconds (the outcomes so far are returned) */
  maxSeconds?: number;
  log?: (line: string) => void;
}

export interface RunResult {
  outcomes: Outcome[];
  indexed: { UN: number; OFAC: number };
  stoppedEarly: boolean;
}

export const UN_FILE = 'un-dev.xml';
export const OFAC_FILE = 'ofac-alt-dev.csv';

export async function runRealEval(opts: RunOptions): Promise<RunResult> {
  const log = opts.log ?? (() => {});
  const started = Date.now();
  const set = buildEvalSet(fs.readFileSync(path.join(opts.dataDir, UN_FILE), 'utf8'), fs.readFileSync(path.join(opts.dataDir, OFAC_FILE), 'utf8'), {
    sample: opts.sample,
  });
  log(`${set.people.length} people (${set.people.filter((p) => p.keptOut).length} kept out of the index), ${set.queries.length} queries`);

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'screening-eval-'));
  try {
    const unFile = path.join(tmp, 'un-index.xml');
    const ofacFile = path.join(tmp, 'ofac-index.csv');
    fs.writeFileSync(unFile, set.unXml);
    fs.writeFileSync(ofacFile, set.ofacCsv);
    const print = () => {};
    const un = await runWatchlistImport(['--source', 'ListSourceA', '--format', 'un-xml', unFile], { connectionString: opts.databaseUrl, print });
    const ofac = await runWatchlistImport(['--source', 'ListSourceB', '--format', 'csv', ofacFile], { connectionString: opts.databaseUrl, print });
    log(`imported UN ${un.added + un.updated + un.unchanged}, OFAC ${ofac.added + ofac.updated + ofac.unchanged} entries (people and organizations)`);
    await checkIndex(opts.databaseUrl, set.index);
    // what autovacuum does after a large import in production: the planner needs the statistics
    await sql(opts.databaseUrl, 'ANALYZE "WatchlistEntry", "WatchlistNameKey"');
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }

  const tenantId = await createTenant(opts.databaseUrl);
  const baselineIndex = prepareBaselineIndex(set.index.filter((e) => e.type === 'Individual'));
  const outcomes: Outcome[] = [];
  let stoppedEarly = false;
  for (const [i, q] of set.queries.entries()) {
    if (opts.maxSeconds && (Date.now() - started) / 1000 > opts.maxSeconds) {
      stoppedEarly = true;
      log(`time limit reached after ${i} of ${set.queries.length} queries`);
      break;
    }
    const parsed = ScreeningSearchRequestSchema.safeParse({ name: q.name.slice(0, 200), type: 'Individual' });
    if (!parsed.success) throw new Error(`query rejected by the request schema: ${q.name}`);
    const t0 = performance.now();
    const res = await searchScreening({ tenantId, input: parsed.data });
    const ms = performance.now() - t0;
    const own = res.data.filter((m: MatchDto) => m.watchlistSource === SOURCE_OF[q.list]);
    const best = own[0];
    const b0 = performance.now();
    const baseline = baselineSearch(baselineIndex, q.list, q.name);
    const baselineMs = performance.now() - b0;
    outcomes.push({
      query: q,
      top: best ? { externalId: best.watchlistEntry.externalId, name: best.name, score: best.matchingScore, recommendation: best.recommendation } : null,
      found: own.some((m) => m.watchlistEntry.externalId === q.personId),
      ms,
      baseline,
      baselineMs,
    });
    if ((i + 1) % 500 === 0) log(`${i + 1} / ${set.queries.length} queries`);
  }
  const indexed = { UN: set.index.filter((e) => e.list === 'UN').length, OFAC: set.index.filter((e) => e.list === 'OFAC').length };
  return { outcomes, indexed, stoppedEarly };
}

/** The import must hold exactly the intended names: a guard against the XML reduction drifting from the parser. */
async function checkIndex(url: string, index: { list: ListName; id: string; names: string[] }[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SELECT set_config('app.scope', 'platform', false)`);
    const r = await client.query(`SELECT source, "externalId", names FROM "WatchlistEntry" WHERE "isValid"`);
    const stored = new Map(r.rows.map((row) => [`${row.source}:${row.externalId}`, (row.names as { value: string }[]).map((n) => n.value)]));
    for (const e of index) {
      const names = stored.get(`${SOURCE_OF[e.list]}:${e.id}`);
      if (!names) throw new Error(`${e.list} ${e.id} is missing from the index`);
      if (JSON.stringify(names) !== JSON.stringify(e.names))
        throw new Error(`${e.list} ${e.id}: indexed ${JSON.stringify(names)}, expected ${JSON.stringify(e.names)}`);
    }
    if (stored.size !== index.length) throw new Error(`index holds ${stored.size} entries, expected ${index.length}`);
  } finally {
    await client.end();
  }
}

async function sql(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function createTenant(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const id = randomUUID();
    await client.query(`SELECT set_config('app.scope', 'platform', false)`);
    await client.query(`INSERT INTO "Tenant" (id, slug, "nameEn", "updatedAt") VALUES ($1, $2, 'Screening evaluation', now())`, [id, `eval-${id.slice(0, 8)}`]);
    return id;
  } finally {
    await client.end();
  }
}

export const REVIEW_THRESHOLD = DEFAULT_THRESHOLDS.review;
