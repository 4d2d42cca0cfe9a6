/**
 * `npm run bench:screening`: loads BENCH_ENTRIES (default 1,000,000) synthetic watchlist
 * entries plus the labeled evaluation entries, then screens BENCH_QUERIES (default 1,000)
 * queries with BENCH_CLIENTS (default 2) concurrent clients, each connected as the service reads:
 * the application role crm_app in a tenant's scope, under row-level security (BENCH_AS=owner:
 * as the connecting owner with platform scope instead). Prints p50/p95 latency,
 * queries/s, candidate recall and precision/recall at the default threshold, and writes
 * bench/results/screening.json. Time is bounded by BENCH_MAX_SECONDS (default 1500):
 * loading stops at 70% of it, querying at 100%.
 * Uses DATABASE_URL if set (it must have pg_trgm); otherwise starts an embedded
 * PostgreSQL on 127.0.0.1:54517 with its data under .data/ (deleted afterwards).
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@/lib/db/embedded';
import { applyMigrations } from '@/lib/db/migrate';
import { screenName } from '@/lib/screening/screen';
import { DEFAULT_THRESHOLDS } from '@/lib/screening/thresholds';
import { insertEntries, toEntryRow, type EntryRowInsert } from '@/lib/screening/watchlist-import';
import { generate, rnd, variantQuery, type Gen } from './lib/watchlist-generator';

const ROOT = path.resolve(import.meta.dirname, '..');
const N = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 1000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 1500);
const PORT = 54517;
/** With DATABASE_URL: keep an already loaded database (same generator, same seed) and only run the queries. */
const REUSE = process.env.BENCH_REUSE === '1' && !!process.env.DATABASE_URL;
/** BENCH_AS=owner: query as the connecting owner with platform scope instead of as crm_app in a tenant's scope. */
const AS_OWNER = process.env.BENCH_AS === 'owner';
const started = Date.now();
const elapsed = () => (Date.now() - started) / 1000;
const log = (...a: unknown[]) => console.log(`[${elapsed().toFixed(0).padStart(4)}s]`, ...a);

// ------------------------------------------------------------------ database
async function setupDatabase(): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL };
  const dir = path.join(ROOT, '.data', 'bench-screening');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: PORT, ephemeral: true, database: 'screening_bench' });
  return { url: embedded.url, embedded };
}

async function applySchema(db: pg.Client, url: string) {
  const exists = await db.query(`SELECT to_regclass('"WatchlistEntry"') IS NOT NULL AS ok`);
  if (exists.rows[0].ok) {
    await db.query(`TRUNCATE "WatchlistImportChange", "WatchlistImport", "WatchlistNameKey", "WatchlistEntry" CASCADE`);
    return;
  }
  // The whole schema (one baseline migration since the squash), as the service migrates it.
  await applyMigrations(url, () => {}, { migrationsDir: path.join(ROOT, 'prisma/migrations') });
}

const DEFERRED_INDEXES = [
  [
    `ALTER TABLE "WatchlistLookupKey" DROP CONSTRAINT IF EXISTS "WatchlistLookupKey_pkey"`,
    `ALTER TABLE "WatchlistLookupKey" ADD CONSTRAINT "WatchlistLookupKey_pkey" PRIMARY KEY ("nameKeyId", key)`,
  ],
  [
    `DROP INDEX IF EXISTS "WatchlistLookupKey_tenantId_key_source_entryType_nameKeyId_idx"`,
    `CREATE INDEX "WatchlistLookupKey_tenantId_key_source_entryType_nameKeyId_idx" ON "WatchlistLookupKey"("tenantId", key, source, "entryType", "nameKeyId")`,
  ],
  [`DROP INDEX IF EXISTS "WatchlistNameKey_key_idx"`, `CREATE INDEX "WatchlistNameKey_key_idx" ON "WatchlistNameKey" USING GIN ("key" gin_trgm_ops)`],
  [`DROP INDEX IF EXISTS "WatchlistNameKey_entryId_idx"`, `CREATE INDEX "WatchlistNameKey_entryId_idx" ON "WatchlistNameKey"("entryId")`],
] as const;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : 0;
};

async function main() {
  const { url, embedded } = await setupDatabase();
  log(`database ${url.replace(/:[^:@]*@/, ':***@')}`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`SELECT set_config('app.scope', 'platform', false)`);
    if (!REUSE) {
      await applySchema(admin, url);
      for (const [drop] of DEFERRED_INDEXES) await admin.query(drop);
    }

    // -------------------------------------------------- labeled entries
    // pairs.json (tuned on) and holdout.json (written before the candidate-search rework, never tuned on)
    const tuned: any[] = JSON.parse(fs.readFileSync(path.join(ROOT, 'scripts/screening-eval/pairs.json'), 'utf8'));
    const holdout: any[] = JSON.parse(fs.readFileSync(path.join(ROOT, 'scripts/screening-eval/holdout.json'), 'utf8'));
    const pairs: any[] = [...tuned.map((p) => ({ ...p, set: 'labeled' })), ...holdout.map((p) => ({ ...p, set: 'holdout' }))];
    const existing = REUSE ? Number((await admin.query('SELECT count(*)::int AS n FROM "WatchlistEntry"')).rows[0].n) : 0;
    const reuse = REUSE && existing >= N + pairs.length;
    const idByExternal = new Map<string, string>();
    if (reuse) {
      log(`reusing ${existing.toLocaleString()} loaded entries`);
      for (const r of (await admin.query(`SELECT id, "externalId" FROM "WatchlistEntry" WHERE "externalId" LIKE 'eval-%'`)).rows)
        idByExternal.set(r.externalId, r.id);
    }
    const pairEntryId = new Map<string, string>();
    const evalRows: EntryRowInsert[] = pairs.map((p) => {
      const id = idByExternal.get(`eval-${p.id}`) ?? randomUUID();
      pairEntryId.set(p.id, id);
      return toEntryRow(
        {
          externalId: `eval-${p.id}`,
          type: p.entry.type,
          names: p.entry.names,
          dobs: p.entry.dob ? [p.entry.dob] : [],
          gender: p.entry.gender ?? null,
          nationalityCodes: p.entry.nationalityCode ? [p.entry.nationalityCode] : [],
          identities: p.entry.identities ?? [],
        },
        'ListSourceA',
        null,
        id,
      );
    });

    // -------------------------------------------------- bulk load
    const loaders = [admin, new pg.Client({ connectionString: url })];
    await loaders[1]!.connect();
    await loaders[1]!.query(`SELECT set_config('app.scope', 'platform', false)`);
    for (const c of loaders) await c.query(`SET synchronous_commit = off`);
    if (!reuse) await insertEntries(admin, evalRows);
    const sampleForQueries: { gen: Gen; id: string }[] = [];
    const BATCH = 5000;
    let loaded = 0;
    const loadStart = Date.now();
    const inflight: Promise<void>[] = [];
    let stoppedEarly = false;
    for (let b = 0; b < N; b += BATCH) {
      if (elapsed() > MAX_SECONDS * 0.6) {
        stoppedEarly = true;
        log(`time budget: stopping the load at ${loaded} entries`);
        break;
      }
      const rows: EntryRowInsert[] = [];
      for (let i = b; i < Math.min(N, b + BATCH); i++) {
        const g = generate(i);
        if (reuse) {
          // same random sequence as a real load; ids resolved from externalId below
          if (g.parts && rnd() < 0.002) sampleForQueries.push({ gen: g, id: g.entry.externalId });
          continue;
        }
        const row = toEntryRow(g.entry, 'ListSourceA', null);
        rows.push(row);
        if (g.parts && rnd() < 0.002) sampleForQueries.push({ gen: g, id: row.id });
      }
      if (reuse) {
        loaded += Math.min(N, b + BATCH) - b;
        continue;
      }
      const client = loaders[(b / BATCH) % 2]!;
      if (inflight.length >= 2) await inflight.shift();
      inflight.push(insertEntries(client, rows, BATCH));
      loaded += rows.length;
      if ((b / BATCH) % 20 === 0) log(`loaded ${loaded.toLocaleString()} entries (${Math.round(loaded / ((Date.now() - loadStart) / 1000))}/s)`);
    }
    await Promise.all(inflight);
    if (reuse) {
      const r = await admin.query(`SELECT id, "externalId" FROM "WatchlistEntry" WHERE "externalId" = ANY($1::text[])`, [sampleForQueries.map((x) => x.id)]);
      const m = new Map(r.rows.map((x) => [x.externalId as string, x.id as string]));
      for (const x of sampleForQueries) x.id = m.get(x.id) ?? x.id;
    }
    const loadSeconds = (Date.now() - loadStart) / 1000;
    log(`loaded ${loaded.toLocaleString()} entries + ${evalRows.length} labeled entries in ${loadSeconds.toFixed(0)} s`);
    await admin.query(`SET maintenance_work_mem = '2GB'`);
    const idxStart = Date.now();
    for (const [, sql] of reuse ? [] : DEFERRED_INDEXES) {
      await admin.query(sql);
      log(`index: ${sql.slice(13, 60)}…`);
    }
    await admin.query('ANALYZE "WatchlistEntry"; ANALYZE "WatchlistNameKey"');
    // sets the visibility map too, so key lookups are index-only scans (as after autovacuum)
    await admin.query('VACUUM ANALYZE "WatchlistLookupKey"');
    const indexSeconds = (Date.now() - idxStart) / 1000;
    const keyCount = Number((await admin.query('SELECT count(*) AS n FROM "WatchlistNameKey"')).rows[0].n);
    const tableSize = (
      await admin.query(
        `SELECT pg_size_pretty(pg_total_relation_size('"WatchlistNameKey"')) AS k, pg_size_pretty(pg_total_relation_size('"WatchlistEntry"')) AS e`,
      )
    ).rows[0];
    log(`name keys: ${keyCount.toLocaleString()} rows (${tableSize.k}); entries ${tableSize.e}; indexes built in ${indexSeconds.toFixed(0)} s`);
    await loaders[1]!.end();

    // -------------------------------------------------- queries
    type Q = {
      name: string;
      type?: string;
      dob?: string;
      nationalityCode?: string;
      expect?: string;
      label?: 'match' | 'nonmatch';
      kind: 'labeled' | 'holdout' | 'synthetic';
    };
    const queries: Q[] = pairs.map((p) => ({ ...p.query, expect: pairEntryId.get(p.id), label: p.label, kind: p.set }));
    let si = 0;
    while (queries.length < QUERIES && sampleForQueries.length > 0) {
      const s = sampleForQueries[si++ % sampleForQueries.length]!;
      const name = variantQuery(s.gen);
      if (name) queries.push({ name, expect: s.id, label: 'match', kind: 'synthetic' });
    }
    queries.length = Math.min(queries.length, QUERIES);
    // warm-up (not measured)
    const tenantId = randomUUID();
    const clients: pg.Client[] = [];
    for (let c = 0; c < CLIENTS; c++) {
      const cl = new pg.Client({ connectionString: url });
      await cl.connect();
      // As the service reads: the application role in a tenant's scope, under row-level security
      // (BENCH_AS=owner: the connecting owner with platform scope, as this benchmark did before).
      if (AS_OWNER) await cl.query(`SELECT set_config('app.scope', 'platform', false)`);
      else {
        await cl.query('SET ROLE crm_app');
        await cl.query(`SELECT set_config('app.tenant_id', $1, false)`, [tenantId]);
      }
      clients.push(cl);
    }
    const loadBefore = (await import('node:os')).loadavg().map((x) => +x.toFixed(2));
    for (const q of queries.slice(0, 50)) await screenName({ db: clients[0]!, tenantId, input: q as any });
    log(`screening ${queries.length} queries with ${CLIENTS} clients`);
    const latencies: number[] = [];
    const results: { q: Q; candidates: string[]; returned: Map<string, number>; tookMs: number }[] = [];
    let next = 0;
    const qStart = performance.now();
    await Promise.all(
      clients.map(async (db) => {
        for (;;) {
          if (elapsed() > MAX_SECONDS) return;
          const i = next++;
          if (i >= queries.length) return;
          const q = queries[i]!;
          const candidateIds: string[] = [];
          const t0 = performance.now();
          const res = await screenName({ db, tenantId, input: q as any, candidateIds });
          const ms = performance.now() - t0;
          latencies.push(ms);
          results.push({ q, candidates: candidateIds, returned: new Map(res.data.map((m) => [m.watchlistEntry.id, m.percentage])), tookMs: ms });
        }
      }),
    );
    const wall = (performance.now() - qStart) / 1000;
    for (const c of clients) await c.end();

    const setMetrics = (kind: 'labeled' | 'holdout') => {
      const rs = results.filter((r) => r.q.kind === kind);
      const p = rs.filter((r) => r.q.label === 'match');
      const n = rs.filter((r) => r.q.label === 'nonmatch');
      const tp = p.filter((r) => r.returned.has(r.q.expect!)).length;
      const fp = n.filter((r) => r.returned.has(r.q.expect!)).length;
      return {
        pairs: rs.length,
        positives: p.length,
        negatives: n.length,
        candidateRecall: +(p.filter((r) => r.candidates.includes(r.q.expect!)).length / Math.max(1, p.length)).toFixed(4),
        precision: +(tp + fp ? tp / (tp + fp) : 1).toFixed(4),
        recall: +(tp / Math.max(1, p.length)).toFixed(4),
        tp,
        fp,
        candidateMisses: p.filter((r) => !r.candidates.includes(r.q.expect!)).map((r) => r.q.name),
        falsePositives: n.filter((r) => r.returned.has(r.q.expect!)).map((r) => r.q.name),
      };
    };
    // A candidate miss whose candidates include an entry bearing exactly one of the labeled entry's
    // names (the same canonical key: at a million generated entries, "John Schmidt" is 22 people):
    // without a date of birth or an identifier no name matcher can tell which of them the pair
    // meant. Reported beside the recall (which still counts it as a miss), so the figure can be read.
    const namesakeTies = async (kind: 'labeled' | 'holdout') => {
      const misses = results.filter((r) => r.q.kind === kind && r.q.label === 'match' && !r.candidates.includes(r.q.expect!));
      const tied: string[] = [];
      for (const r of misses) {
        const { rows } = await admin.query(
          `SELECT EXISTS (SELECT 1 FROM "WatchlistNameKey" a JOIN "WatchlistNameKey" b ON b.key = a.key
                           WHERE a."entryId" = $1::uuid AND b."entryId" = ANY($2::uuid[])) AS tied`,
          [r.q.expect, r.candidates],
        );
        if (rows[0]?.tied) tied.push(r.q.name);
      }
      return tied;
    };
    const labeledM = { ...setMetrics('labeled'), candidateMissesWithNamesake: await namesakeTies('labeled') };
    const holdoutM = { ...setMetrics('holdout'), candidateMissesWithNamesake: await namesakeTies('holdout') };
    const synth = results.filter((r) => r.q.kind === 'synthetic');
    const synthCandRecall = synth.filter((r) => r.candidates.includes(r.q.expect!)).length / Math.max(1, synth.length);
    const synthRecall = synth.filter((r) => r.returned.has(r.q.expect!)).length / Math.max(1, synth.length);
    const avgCandidates = results.reduce((a, r) => a + r.candidates.length, 0) / Math.max(1, results.length);
    const avgReturned = results.reduce((a, r) => a + r.returned.size, 0) / Math.max(1, results.length);
    const summary = {
      machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
      entries: loaded,
      labeledEntries: evalRows.length,
      nameKeys: keyCount,
      loadSeconds: Math.round(loadSeconds),
      indexSeconds: Math.round(indexSeconds),
      loadStoppedEarly: stoppedEarly,
      queries: results.length,
      clients: CLIENTS,
      latencyMs: {
        p50: +pct(latencies, 50).toFixed(2),
        p95: +pct(latencies, 95).toFixed(2),
        p99: +pct(latencies, 99).toFixed(2),
        max: +Math.max(...latencies).toFixed(2),
      },
      queriesPerSecond: +(results.length / wall).toFixed(1),
      avgCandidatesPerQuery: +avgCandidates.toFixed(1),
      avgMatchesReturned: +avgReturned.toFixed(2),
      threshold: DEFAULT_THRESHOLDS.review,
      maxCandidates: DEFAULT_THRESHOLDS.maxCandidates,
      queriedAs: AS_OWNER ? 'owner (platform scope)' : 'crm_app (tenant scope, row-level security)',
      loadAverageBefore: loadBefore,
      loadAverage: (await import('node:os')).loadavg().map((x) => +x.toFixed(2)),
      labeled: labeledM,
      holdout: holdoutM,
      synthetic: { queries: synth.length, candidateRecall: +synthCandRecall.toFixed(4), recallAtThreshold: +synthRecall.toFixed(4) },
      totalSeconds: Math.round(elapsed()),
    };
    console.log('\n=== screening benchmark ===');
    console.log(
      `entries loaded:        ${loaded.toLocaleString()} (+${evalRows.length} labeled), ${keyCount.toLocaleString()} name keys; load ${summary.loadSeconds}s, indexes ${summary.indexSeconds}s`,
    );
    console.log(`queries:               ${results.length} with ${CLIENTS} concurrent clients, as ${summary.queriedAs}`);
    console.log(`host load average:     ${summary.loadAverageBefore.join(' ')} before the queries, ${summary.loadAverage.join(' ')} after`);
    console.log(`latency per query:     p50 ${summary.latencyMs.p50} ms   p95 ${summary.latencyMs.p95} ms   p99 ${summary.latencyMs.p99} ms`);
    console.log(`throughput:            ${summary.queriesPerSecond} queries/s`);
    console.log(
      `candidates per query:  ${summary.avgCandidatesPerQuery} (bound ${DEFAULT_THRESHOLDS.maxCandidates}); matches returned ${summary.avgMatchesReturned}`,
    );
    for (const [label, m] of [
      ['labeled set (tuned)', labeledM],
      ['held-out set', holdoutM],
    ] as const) {
      console.log(
        `${(label + ':').padEnd(22)} candidate recall ${m.candidateRecall}   precision ${m.precision}   recall ${m.recall}  (threshold ${DEFAULT_THRESHOLDS.review * 100}%, TP ${m.tp} FP ${m.fp}, ${m.positives} positives / ${m.negatives} negatives)`,
      );
      if (m.candidateMisses.length) console.log(`  candidate misses: ${m.candidateMisses.join(' | ')}`);
      if (m.candidateMissesWithNamesake.length)
        console.log(`  of which a namesake of the labeled entry is a candidate: ${m.candidateMissesWithNamesake.join(' | ')}`);
      if (m.falsePositives.length) console.log(`  false positives: ${m.falsePositives.join(' | ')}`);
    }
    console.log(
      `synthetic variants:    candidate recall ${summary.synthetic.candidateRecall}   recall at threshold ${summary.synthetic.recallAtThreshold}  (${synth.length} queries)`,
    );
    const synthMisses = synth.filter((r) => !r.candidates.includes(r.q.expect!)).slice(0, 8);
    if (synthMisses.length && process.env.BENCH_VERBOSE) {
      const names = await admin.query(`SELECT id, "nameEn" FROM "WatchlistEntry" WHERE id = ANY($1::uuid[])`, [synthMisses.map((r) => r.q.expect)]);
      const byId = new Map(names.rows.map((x) => [x.id, x.nameEn]));
      console.log('  synthetic misses:', synthMisses.map((r) => `${r.q.name} → ${byId.get(r.q.expect)}`).join(' | '));
    }
    console.log(`load average:          ${summary.loadAverage.join(' ')} (1/5/15 min, at the end of the run)`);
    fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'bench/results/screening.json'), JSON.stringify(summary, null, 2) + '\n');
    log('wrote bench/results/screening.json');
  } finally {
    await admin.end().catch(() => {});
    if (embedded) await embedded.stop().catch(() => {});
  }
}

const hardStop = setTimeout(
  () => {
    console.error(`bench:screening exceeded ${MAX_SECONDS + 300}s; exiting`);
    process.exit(2);
  },
  (MAX_SECONDS + 300) * 1000,
);
hardStop.unref();

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
