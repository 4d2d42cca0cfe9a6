/**
 * `npm run bench:screening`: loads BENCH_ENTRIES (default 1,000,000) synthetic watchlist
 * entries plus the labeled evaluation entries, then screens BENCH_QUERIES (default 1,000)
 * queries with BENCH_CLIENTS (default 2) concurrent clients. Prints p50/p95 latency,
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
import type { ImportedEntry } from '@/lib/screening/parsers/types';

const ROOT = path.resolve(import.meta.dirname, '..');
const N = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 1000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 1500);
const PORT = 54517;
/** With DATABASE_URL: keep an already loaded database (same generator, same seed) and only run the queries. */
const REUSE = process.env.BENCH_REUSE === '1' && !!process.env.DATABASE_URL;
const started = Date.now();
const elapsed = () => (Date.now() - started) / 1000;
const log = (...a: unknown[]) => console.log(`[${elapsed().toFixed(0).padStart(4)}s]`, ...a);

// ------------------------------------------------------------------ generator
// mulberry32: the earlier floating-point LCG (seed * 1103515245 overflowed 2^53) fell into a
// short cycle, so 1,000,000 entries held only 1,234 distinct names (~800 copies of each).
let seed = 424242;
const rnd = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)]!;

const AR_GIVEN: [string, string[]][] = [
  ['محمد', ['Mohammed', 'Muhammad', 'Mohamed', 'Mohamad']],
  ['أحمد', ['Ahmed', 'Ahmad']],
  ['عبد الله', ['Abdullah', 'Abdallah']],
  ['عبد الرحمن', ['Abdulrahman', 'Abdelrahman']],
  ['عبد العزيز', ['Abdulaziz', 'Abdelaziz']],
  ['خالد', ['Khalid', 'Khaled']],
  ['يوسف', ['Yousef', 'Yusuf', 'Youssef']],
  ['إبراهيم', ['Ibrahim', 'Ebrahim']],
  ['عمر', ['Omar', 'Umar']],
  ['علي', ['Ali']],
  ['حسين', ['Hussein', 'Hussain']],
  ['حسن', ['Hassan', 'Hasan']],
  ['سعيد', ['Saeed', 'Said']],
  ['فيصل', ['Faisal', 'Faysal']],
  ['طارق', ['Tariq', 'Tarek']],
  ['ناصر', ['Nasser', 'Nasir']],
  ['سلطان', ['Sultan']],
  ['ماجد', ['Majid', 'Majed']],
  ['وليد', ['Walid', 'Waleed']],
  ['هشام', ['Hisham', 'Hesham']],
  ['مصطفى', ['Mustafa', 'Mostafa']],
  ['زياد', ['Ziad', 'Ziyad']],
  ['بدر', ['Badr', 'Bader']],
  ['منصور', ['Mansour', 'Mansoor']],
  ['جاسم', ['Jassim', 'Jasim']],
  ['سامي', ['Sami']],
  ['عادل', ['Adel', 'Adil']],
  ['نواف', ['Nawaf']],
  ['تركي', ['Turki']],
  ['حمد', ['Hamad']],
  ['صالح', ['Saleh', 'Salih']],
  ['سعد', ['Saad']],
  ['فهد', ['Fahad', 'Fahd']],
  ['بندر', ['Bandar']],
  ['مشعل', ['Mishal', 'Meshal']],
  ['راشد', ['Rashid', 'Rashed']],
  ['حمزة', ['Hamza', 'Hamzah']],
  ['أنس', ['Anas']],
  ['ياسر', ['Yasser', 'Yasir']],
  ['عثمان', ['Othman', 'Osman']],
  ['إسماعيل', ['Ismail']],
  ['كريم', ['Karim', 'Kareem']],
  ['جمال', ['Jamal', 'Gamal']],
  ['مراد', ['Murad', 'Mourad']],
  ['فاطمة', ['Fatima', 'Fatimah']],
  ['عائشة', ['Aisha']],
  ['مريم', ['Maryam', 'Mariam']],
  ['نورة', ['Noura', 'Nora']],
  ['هند', ['Hind']],
  ['سارة', ['Sara', 'Sarah']],
  ['خديجة', ['Khadija']],
  ['زينب', ['Zainab', 'Zeinab']],
  ['ليلى', ['Layla', 'Laila']],
];
const SYL: [string, string][] = [
  ['ka', 'ك'],
  ['ra', 'ر'],
  ['ma', 'م'],
  ['sa', 'س'],
  ['ta', 'ت'],
  ['ha', 'ح'],
  ['ba', 'ب'],
  ['da', 'د'],
  ['na', 'ن'],
  ['la', 'ل'],
  ['fa', 'ف'],
  ['ja', 'ج'],
  ['qa', 'ق'],
  ['sha', 'ش'],
  ['za', 'ز'],
  ['wa', 'و'],
  ['kha', 'خ'],
  ['ghu', 'غ'],
  ['mu', 'م'],
  ['su', 'س'],
  ['di', 'د'],
  ['ri', 'ر'],
  ['ni', 'ن'],
  ['li', 'ل'],
  ['mi', 'م'],
  ['tu', 'ط'],
  ['si', 'ص'],
  ['bu', 'ب'],
  ['hu', 'ه'],
  ['ku', 'ك'],
];
const WEST_FIRST = [
  'James',
  'John',
  'Robert',
  'Michael',
  'William',
  'David',
  'Richard',
  'Joseph',
  'Thomas',
  'Charles',
  'Mary',
  'Patricia',
  'Jennifer',
  'Linda',
  'Elizabeth',
  'Barbara',
  'Susan',
  'Jessica',
  'Sarah',
  'Karen',
  'Peter',
  'Paul',
  'Mark',
  'George',
  'Steven',
  'Andrew',
  'Anna',
  'Maria',
  'Olga',
  'Ivan',
  'Sergei',
  'Dmitri',
  'Alexei',
  'Hans',
  'Klaus',
  'Pierre',
  'Jean',
  'Luca',
  'Marco',
  'Carlos',
  'Jose',
  'Juan',
  'Ana',
  'Sofia',
  'Elena',
  'Viktor',
  'Igor',
  'Natalia',
  'Emma',
  'Oliver',
];
const WEST_LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Miller',
  'Davis',
  'Wilson',
  'Anderson',
  'Taylor',
  'Thomas',
  'Moore',
  'Martin',
  'Jackson',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Green',
  'Baker',
  'Adams',
  'Nelson',
  'Carter',
  'Mitchell',
  'Roberts',
  'Turner',
  'Phillips',
  'Campbell',
  'Parker',
  'Evans',
  'Edwards',
  'Collins',
  'Stewart',
  'Ivanov',
  'Petrov',
  'Sidorov',
  'Popov',
  'Volkov',
  'Muller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Rossi',
  'Russo',
  'Garcia',
  'Martinez',
  'Lopez',
  'Gonzalez',
  'Dubois',
  'Moreau',
  'Kowalski',
  'Novak',
];
const WEST_SUFFIX = ['son', 'berg', 'ton', 'ley', 'field', 'man', 'ford', 'wood', 'stein', 'ov', 'enko', 'ski', 'er', 'ini', 'ez'];
const WEST_STEM = [
  'Har',
  'Ross',
  'Mel',
  'Bran',
  'Kel',
  'Dal',
  'Fer',
  'Gol',
  'Hol',
  'Lind',
  'Mor',
  'Nor',
  'Pet',
  'Ros',
  'Sal',
  'Tor',
  'Val',
  'Wil',
  'Ash',
  'Bel',
  'Cor',
  'Dun',
  'Ell',
  'Fin',
  'Gar',
  'Hen',
  'Jor',
  'Kar',
  'Lar',
  'Mar',
];
const SA_FIRST = [
  'Rajesh',
  'Sanjay',
  'Amit',
  'Sunil',
  'Anil',
  'Vijay',
  'Ravi',
  'Priya',
  'Pooja',
  'Neha',
  'Imran',
  'Asif',
  'Farhan',
  'Bilal',
  'Usman',
  'Tariq',
  'Zahid',
  'Kamran',
  'Naveed',
  'Shahid',
  'Arjun',
  'Rahul',
  'Deepak',
  'Suresh',
  'Ramesh',
  'Kavita',
  'Sunita',
  'Ayesha',
  'Sana',
  'Nadia',
];
const SA_LAST = [
  'Sharma',
  'Verma',
  'Gupta',
  'Singh',
  'Kumar',
  'Patel',
  'Shah',
  'Mehta',
  'Joshi',
  'Reddy',
  'Rao',
  'Nair',
  'Iyer',
  'Khan',
  'Ahmed',
  'Malik',
  'Chaudhry',
  'Qureshi',
  'Siddiqui',
  'Butt',
  'Rana',
  'Mirza',
  'Baig',
  'Sheikh',
  'Javed',
  'Iqbal',
  'Akhtar',
  'Hussain',
  'Raza',
  'Abbasi',
];
const ORG_WORD = [
  'Atlas',
  'Horizon',
  'Summit',
  'Pioneer',
  'Falcon',
  'Eagle',
  'Orient',
  'Crescent',
  'Phoenix',
  'Nova',
  'Delta',
  'Zenith',
  'Apex',
  'Vertex',
  'Pinnacle',
  'Sterling',
  'Royal',
  'Imperial',
  'Golden',
  'Silver',
  'Blue',
  'Green',
  'Red',
  'Star',
  'Sun',
  'Ocean',
  'Desert',
  'Palm',
  'Oasis',
  'Cedar',
];
const ORG_KIND = [
  'Trading',
  'Exchange',
  'Shipping',
  'Logistics',
  'Contracting',
  'Investment',
  'Holding',
  'Petroleum',
  'Technologies',
  'Industries',
  'Foods',
  'Textiles',
  'Marine',
  'Aviation',
  'Pharma',
];
const LEGAL = ['LLC', 'Ltd', 'Co.', 'Corp', 'Inc', 'GmbH', 'PJSC', 'FZE', 'Co. W.L.L.', 'Limited', 'S.A.', 'Est.'];
const AR_ORG_LEGAL = ['شركة', 'مؤسسة'];
const AR_ORG_KIND = ['للتجارة', 'للصرافة', 'للمقاولات', 'القابضة', 'للشحن'];
const COUNTRIES = ['SA', 'AE', 'KW', 'QA', 'BH', 'OM', 'EG', 'JO', 'IQ', 'SY', 'YE', 'LB', 'SD', 'LY', 'PK', 'IN', 'AF', 'IR', 'RU', 'GB', 'US', 'DE', 'FR'];

function arabicFamily(): [string, string] {
  const n = rnd() < 0.6 ? 2 : 3;
  let la = '';
  let ar = '';
  for (let i = 0; i < n; i++) {
    const s = pick(SYL);
    la += s[0];
    ar += s[1];
  }
  return [`Al-${la[0]!.toUpperCase()}${la.slice(1)}i`, `ال${ar}ي`];
}
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
function brand(): string {
  let s = '';
  for (let i = 0; i < 2 + Math.floor(rnd() * 2); i++) s += pick(SYL)[0];
  return cap(s);
}
function dob(): string[] {
  const y = 1940 + Math.floor(rnd() * 65);
  if (rnd() < 0.2) return [String(y)];
  if (rnd() < 0.3) return [];
  return [`${y}-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`];
}

interface Gen {
  entry: ImportedEntry;
  /** Latin and Arabic renditions of the primary person, for making queries */
  parts?: { given: [string, string[]][]; family: [string, string] };
}

function generate(i: number): Gen {
  const r = rnd();
  const id = `B${i}`;
  if (r < 0.45) {
    const given = [pick(AR_GIVEN), pick(AR_GIVEN), ...(rnd() < 0.5 ? [pick(AR_GIVEN)] : [])];
    const family =
      rnd() < 0.3
        ? ([
            `Al-${cap(pick(['harbi', 'qahtani', 'dosari', 'shammari', 'otaibi', 'ghamdi', 'zahrani', 'mutairi', 'anazi', 'shehri', 'tamimi', 'hashimi']))}`,
            '',
          ] as [string, string])
        : arabicFamily();
    const latin = [...given.map((g) => pick(g[1])), family[0]].join(' ');
    const names: ImportedEntry['names'] = [{ value: latin, kind: 'Primary' }];
    if (family[1] && rnd() < 0.6) names.push({ value: [...given.map((g) => g[0]), family[1]].join(' '), kind: 'Alias' });
    if (rnd() < 0.2) names.push({ value: [...given.map((g) => pick(g[1])), family[0]].join(' '), kind: 'Alias' });
    return {
      entry: {
        externalId: id,
        type: 'Individual',
        names,
        dobs: dob(),
        gender: null,
        nationalityCodes: [pick(COUNTRIES)],
        identities: rnd() < 0.3 ? [{ type: 'Passport', number: `P${Math.floor(rnd() * 1e9)}` }] : [],
      },
      parts: { given, family },
    };
  }
  if (r < 0.7) {
    const last = rnd() < 0.5 ? pick(WEST_LAST) : pick(WEST_STEM) + pick(WEST_SUFFIX);
    const name = `${pick(WEST_FIRST)} ${rnd() < 0.3 ? pick(WEST_FIRST) + ' ' : ''}${last}`;
    return {
      entry: {
        externalId: id,
        type: 'Individual',
        names: [{ value: name, kind: 'Primary' }],
        dobs: dob(),
        nationalityCodes: [pick(COUNTRIES)],
        identities: [],
      },
    };
  }
  if (r < 0.85) {
    const name = `${pick(SA_FIRST)} ${rnd() < 0.4 ? pick(SA_FIRST) + ' ' : ''}${pick(SA_LAST)}${rnd() < 0.5 ? ' ' + pick(SA_LAST) : ''}`;
    return {
      entry: {
        externalId: id,
        type: 'Individual',
        names: [{ value: name, kind: 'Primary' }],
        dobs: dob(),
        nationalityCodes: [pick(COUNTRIES)],
        identities: [],
      },
    };
  }
  const b = rnd() < 0.5 ? brand() : pick(ORG_WORD) + ' ' + brand();
  const names: ImportedEntry['names'] = [{ value: `${b} ${pick(ORG_KIND)} ${pick(LEGAL)}`, kind: 'Primary' }];
  if (rnd() < 0.3) names.push({ value: `${pick(AR_ORG_LEGAL)} ${b} ${pick(AR_ORG_KIND)}`, kind: 'Alias' });
  return { entry: { externalId: id, type: 'Organization', names, dobs: [], nationalityCodes: [pick(COUNTRIES)], identities: [] } };
}

/** A query for a generated Arabic-name entry: another spelling, Arabic script, or missing middle name. */
function variantQuery(g: Gen): string | null {
  if (!g.parts) return null;
  const { given, family } = g.parts;
  const r = rnd();
  if (r < 0.35 && family[1]) return [...given.map((x) => x[0]), family[1]].join(' ');
  if (r < 0.6) return [given[0]![1][given[0]![1].length - 1]!, family[0]].join(' ').replace(/^/, '') + '';
  if (r < 0.8) return [family[0].replace('Al-', 'Al '), ...given.map((x) => pick(x[1]))].join(' ');
  return [...given.map((x) => pick(x[1])), family[0].replace('Al-', 'Al')].join(' ');
}

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

const GIN_INDEXES = [
  ['WatchlistNameKey_blockKeys_idx', `CREATE INDEX "WatchlistNameKey_blockKeys_idx" ON "WatchlistNameKey" USING GIN ("blockKeys")`],
  ['WatchlistNameKey_key_idx', `CREATE INDEX "WatchlistNameKey_key_idx" ON "WatchlistNameKey" USING GIN ("key" gin_trgm_ops)`],
  ['WatchlistNameKey_entryId_idx', `CREATE INDEX "WatchlistNameKey_entryId_idx" ON "WatchlistNameKey"("entryId")`],
  ['WatchlistEntry_idNumbersNorm_idx', `CREATE INDEX "WatchlistEntry_idNumbersNorm_idx" ON "WatchlistEntry" USING GIN ("idNumbersNorm")`],
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
      for (const [name] of GIN_INDEXES) await admin.query(`DROP INDEX IF EXISTS "${name}"`);
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
    for (const [, sql] of reuse ? [] : GIN_INDEXES) {
      await admin.query(sql);
      log(`index: ${sql.slice(13, 60)}…`);
    }
    await admin.query('ANALYZE "WatchlistEntry"; ANALYZE "WatchlistNameKey"');
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
      await cl.query(`SELECT set_config('app.scope', 'platform', false)`);
      clients.push(cl);
    }
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
    const labeledM = setMetrics('labeled');
    const holdoutM = setMetrics('holdout');
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
    console.log(`queries:               ${results.length} with ${CLIENTS} concurrent clients`);
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
