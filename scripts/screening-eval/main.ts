/**
 * `npm run eval:screening:real [-- --data DIR] [--sample 0.3] [--json FILE] [--verbose]`
 *
 * The screening evaluation on real list data (UN consolidated list XML, OFAC SDN alternate
 * names): see dataset.ts for how the index and the queries are built, metrics.ts for the
 * figures. The data folder defaults to ../shared/data/screening next to the repository
 * (SCREENING_DATA_DIR or --data override it). Starts its own embedded PostgreSQL on 127.0.0.1
 * (or uses EVAL_DATABASE_URL, a migrated, empty database) and stops after EVAL_MAX_SECONDS
 * (default 900). Exit code: 0, or 1 with --check when a target is missed, 2 when the data is
 * missing.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { closeDatabase, useDatabase } from '@/lib/db/client';
import { startEmbeddedPostgres } from '@/lib/db/embedded';
import { applyMigrations } from '@/lib/db/migrate';
import { checkTargets, calibrateBaseline, computeFigures, formatTable } from './metrics';
import { OFAC_FILE, runRealEval, UN_FILE, type Outcome } from './run';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

interface Args {
  data: string;
  sample: number;
  json: string | null;
  verbose: boolean;
  check: boolean;
}

function parseArgs(argv: string[]): Args {
  const a: Args = {
    data: process.env.SCREENING_DATA_DIR || path.resolve(ROOT, '..', 'shared', 'data', 'screening'),
    sample: 1,
    json: process.env.EVAL_JSON || null,
    verbose: process.env.EVAL_VERBOSE === '1',
    check: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i]!;
    const v = () => argv[++i] ?? '';
    if (k === '--data') a.data = path.resolve(v());
    else if (k === '--sample') a.sample = Number(v());
    else if (k === '--json') a.json = v();
    else if (k === '--verbose') a.verbose = true;
    else if (k === '--check') a.check = true;
    else throw new Error(`unknown argument ${k}`);
  }
  if (!(a.sample > 0 && a.sample <= 1)) throw new Error('--sample must be in (0, 1]');
  return a;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

function printMisses(outcomes: Outcome[]) {
  console.log('\nmisses (query → best own-list result):');
  for (const o of outcomes) {
    const q = o.query;
    const miss = q.keptOut ? o.top !== null : o.top?.externalId !== q.personId;
    if (!miss) continue;
    const got = o.top ? `${o.top.externalId} "${o.top.name}" ${o.top.score.toFixed(3)}` : '(nothing)';
    console.log(`  ${q.kind.padEnd(18)} ${q.plausible ? 'P' : ' '} ${q.list}:${q.personId.padEnd(8)} "${q.name}" → ${got}`);
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  for (const f of [UN_FILE, OFAC_FILE]) {
    if (!fs.existsSync(path.join(args.data, f))) {
      console.error(
        `eval:screening:real: ${path.join(args.data, f)} not found. The real list data lives in ../shared/data/screening next to the repository; set SCREENING_DATA_DIR or pass --data DIR.`,
      );
      process.exit(2);
    }
  }
  const maxSeconds = Number(process.env.EVAL_MAX_SECONDS ?? 900);
  const watchdog = setTimeout(
    () => {
      console.error(`eval:screening:real: still running after ${maxSeconds + 120} s, giving up`);
      process.exit(3);
    },
    (maxSeconds + 120) * 1000,
  );
  watchdog.unref();

  const started = Date.now();
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  let dir: string | undefined;
  let url = process.env.EVAL_DATABASE_URL;
  try {
    if (!url) {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screening-eval-pg-'));
      fs.chmodSync(dir, 0o755);
      embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort(), ephemeral: true, database: 'screening_eval' });
      url = embedded.url;
      await applyMigrations(url);
    }
    await useDatabase(url);
    const result = await runRealEval({
      dataDir: args.data,
      databaseUrl: url,
      sample: args.sample,
      maxSeconds,
      log: (l) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${l}`),
    });
    const threshold = calibrateBaseline(result.outcomes, 0.02);
    const figs = computeFigures(result.outcomes, threshold);
    console.log(
      `\nindex: UN ${result.indexed.UN} entries, OFAC ${result.indexed.OFAC} entries (people: primary name + at most one alias; organizations as distractors)${result.stoppedEarly ? ' — STOPPED EARLY, figures partial' : ''}\n`,
    );
    console.log(formatTable(figs, threshold));
    const checks = checkTargets(figs);
    console.log('\ntargets:');
    for (const c of checks) console.log(`  ${c.met ? 'met   ' : 'MISSED'} ${c.name.padEnd(44)} ${c.value === null ? '–' : c.value.toFixed(3)} (${c.target})`);
    if (args.verbose) printMisses(result.outcomes);
    if (args.json)
      fs.writeFileSync(args.json, JSON.stringify({ baselineThreshold: threshold, figures: figs, targets: checks, outcomes: result.outcomes }, null, 1));
    if (args.check && checks.some((c) => !c.met)) process.exitCode = 1;
  } finally {
    await closeDatabase();
    await embedded?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
