/**
 * `npm run bench:kyc`: a Kyc form of 10 sections × 20 questions × 5 options (1,000 options; single
 * and multiple choice), Published on the tenant's default flow;
 * BENCH_KYC_PROSPECTS prospects (each with its KYC record, made by the insert trigger), and
 * BENCH_KYC_HISTORY more whose KYC has already submitted the form (a tenant's earlier submissions:
 * without them the answer tables start empty and grow several times over after the ANALYZE below,
 * which no production database does; see where that ANALYZE is run).
 * Measures on the production build, at 8 connections each:
 * - `GET /services/crm/kyc-flows/{flowId}/forms/{formId}` (the whole tree, 1,000 options), twice:
 *   with `accept-encoding: gzip, deflate` (what Node's fetch and Python's requests send; browsers and
 *   `curl --compressed` offer gzip too) and without Accept-Encoding (identity). This load generator
 *   reads the gzip answer without decoding it (a real client spends ~4 ms of its own CPU inflating
 *   1.2 MB; on a host of its own, not on the server's two cores); after the runs one gzip answer is
 *   decoded and compared with the identity answer byte for byte;
 * - `POST /services/crm/kyc/{kycId}/forms/{formId}/submissions` with all 200 answers, each for
 *   another prospect (a Kyc form takes one submission per KYC), which validates, stores and
 *   scores (a new KycScore with its breakdown, the status change, its event and audit row);
 * and the pure scoring alone (computeKycScore) in this process. Targets: p95 < 50 ms for both
 * routes (the GET in both encodings), scoring < 2 ms per submission. Writes bench/results/kyc.json. Bounded by
 * BENCH_MAX_SECONDS (default 600). BENCH_PG_STATEMENTS=1 loads pg_stat_statements (nested statements
 * too: those of triggers and SQL functions) and prints the POST run's statements per submission.
 */
import http from 'node:http';
import os from 'node:os';
import zlib from 'node:zlib';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { cpuSecondsBetween, postgresCpuSeconds, processTreeCpuSeconds, startBenchDatabase, startBenchServer, writeResult } from './lib/server';
import { closeDatabase, useDatabase } from '@/lib/db/client';
import { createTenant } from '@/lib/tenancy/tenants';
import { createFlow } from '@/lib/kyc/flows';
import { createForm, publishForm, saveFormDraft } from '@/lib/kyc/forms';
import { scoringFormOf } from '@/lib/kyc/form-tree';
import { computeKycScore, type AnswerInput as ScoringAnswer } from '@/lib/kyc/scoring';
import type { FormDraftInput, FormOut, SubmissionInput } from '@/lib/kyc/schemas';

const CONNECTIONS = 8;
const DURATION_SEC = Number(process.env.BENCH_DURATION_SEC ?? 10);
const WARMUP_SEC = Number(process.env.BENCH_WARMUP_SEC ?? 3);
const PROSPECTS = Number(process.env.BENCH_KYC_PROSPECTS ?? 6000);
const HISTORY = Number(process.env.BENCH_KYC_HISTORY ?? 2000);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 600);
const PG_STATEMENTS = process.env.BENCH_PG_STATEMENTS === '1';
const TARGET_P95_MS = 50;
const TARGET_SCORING_MS = 2;
const actor = { type: 'cli' as const };
const started = Date.now();
const log = (...a: unknown[]) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s]`, ...a);
setTimeout(() => {
  console.error(`bench:kyc: stopped after ${MAX_SECONDS} s`);
  process.exit(2);
}, MAX_SECONDS * 1000).unref();

const LEVELS = ['Low', 'Low', 'Medium', 'Medium', 'High'] as const;
/** What Node's fetch (undici) and Python's requests send. */
const GZIP = { 'accept-encoding': 'gzip, deflate' };

function benchForm(): FormDraftInput {
  return {
    type: 'Kyc',
    nameEn: 'Bench KYC',
    nameAr: 'نموذج القياس',
    passMark: null,
    requestType: null,
    source: null,
    sections: Array.from({ length: 10 }, (_, s) => ({
      nameEn: `Section ${s + 1}`,
      nameAr: `القسم ${s + 1}`,
      weights: { Retail: 5 + s, Professional: 10, Institutional: 10 },
      questions: Array.from({ length: 20 }, (_, q) => ({
        nameEn: `Q${s + 1}.${q + 1}`,
        nameAr: `س${s + 1}.${q + 1}`,
        labelEn: `Question ${q + 1} of section ${s + 1}`,
        labelAr: `السؤال ${q + 1} من القسم ${s + 1}`,
        type: q % 4 === 3 ? ('MultipleChoice' as const) : ('SingleChoice' as const),
        required: true,
        allowMultiple: q % 4 === 3,
        additionalInfoType: null,
        category: 'Other' as const,
        unit: null,
        answerSource: 'Prospect' as const,
        subweights: 1 + (q % 3),
        options: Array.from({ length: 5 }, (_, o) => {
          const score = { riskLevel: LEVELS[o]!, override: false, blocking: false, suitabilityScore: o };
          return {
            nameEn: `Option ${o + 1}`,
            nameAr: `الخيار ${o + 1}`,
            additionalInfoEnabled: false,
            min: null,
            max: null,
            scores: { Retail: score, Professional: score, Institutional: score },
          };
        }),
      })),
    })),
  };
}

/** A full set of answers; `seed` varies the chosen options between submissions. */
function answersOf(form: FormOut, seed: number): SubmissionInput {
  return {
    answers: form.sections.flatMap((s, si) =>
      s.questions.map((q, qi) => {
        const pick = (seed + si * 7 + qi) % 5;
        const optionIds = q.allowMultiple ? [q.options[pick]!.id, q.options[(pick + 2) % 5]!.id] : [q.options[pick]!.id];
        return { questionId: q.id, optionIds };
      }),
    ),
  };
}

interface Stats {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** `connections` keep-alive clients, each sending its next request when the previous one answered. */
async function load(
  base: string,
  durationSec: number,
  next: (i: number) => { method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> } | null,
  connections = CONNECTIONS,
): Promise<Stats> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const url = new URL(base);
  const latencies: number[] = [];
  let non2xx = 0;
  let counter = 0;
  const until = performance.now() + durationSec * 1000;
  const one = (req: { method: string; path: string; body?: string; headers?: Record<string, string> }) =>
    new Promise<number>((resolve, reject) => {
      const t0 = performance.now();
      const r = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: req.method,
          path: req.path,
          headers: { ...headers, ...req.headers, ...(req.body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(req.body) } : {}) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if ((res.statusCode ?? 0) >= 300) non2xx++;
            resolve(performance.now() - t0);
          });
        },
      );
      r.on('error', reject);
      r.end(req.body);
    });
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const req = next(counter++);
        if (!req) break;
        latencies.push(await one(req));
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  agent.destroy();
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: Math.round(latencies.length / elapsed),
    p50: round1(percentile(sorted, 50)),
    p95: round1(percentile(sorted, 95)),
    p99: round1(percentile(sorted, 99)),
    max: round1(sorted.at(-1) ?? NaN),
    non2xx,
  };
}

/** One GET read whole, its bytes as sent (not decoded), with its Content-Encoding and Vary. */
function fetchRaw(url: string, requestHeaders: Record<string, string>): Promise<{ body: Buffer; encoding?: string; vary?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: requestHeaders }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'], vary: res.headers.vary }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The statements run since the last reset (top-level and nested), with calls and milliseconds (planning + execution) per request. */
async function statementsPer(client: pg.Client, requests: number) {
  const { rows } = await client.query<{ query: string; toplevel: boolean; calls: string; plan: number; exec: number; rows: string }>(
    `SELECT query, toplevel, calls, total_plan_time AS plan, total_exec_time AS exec, rows FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) ORDER BY total_plan_time + total_exec_time DESC`,
  );
  const per = (v: number) => Math.round((v / Math.max(1, requests)) * 1000) / 1000;
  const top = rows.filter((r) => r.toplevel);
  return {
    topLevelCallsPerRequest: per(top.reduce((s, r) => s + Number(r.calls), 0)),
    topLevelMsPerRequest: per(top.reduce((s, r) => s + r.plan + r.exec, 0)),
    statements: rows.slice(0, 30).map((r) => ({
      nested: !r.toplevel,
      callsPerRequest: per(Number(r.calls)),
      rowsPerRequest: per(Number(r.rows)),
      planMs: per(r.plan),
      execMs: per(r.exec),
      query: r.query.replace(/\s+/g, ' ').slice(0, 200),
    })),
  };
}

let headers: Record<string, string> = {};

const db = await startBenchDatabase({
  settings: PG_STATEMENTS
    ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all', 'pg_stat_statements.track_planning': 'on' }
    : undefined,
});
const stops: (() => Promise<void>)[] = [() => db.stop()];
try {
  await useDatabase(db.url);
  const { tenant, apiKey } = await createTenant({ slug: 'bench-kyc', nameEn: 'Bench KYC' });
  headers = { 'x-api-key': apiKey, 'x-tenant': 'bench-kyc' };
  const flow = (await createFlow({ tenantId: tenant.id, input: { nameEn: 'Bench', nameAr: 'القياس', fromTemplate: false, isDefault: true }, actor })).data;
  const created = (await createForm({ tenantId: tenant.id, flowId: flow.id, input: { type: 'Kyc', nameEn: 'Bench KYC', nameAr: 'نموذج القياس' }, actor })).data;
  const args = { tenantId: tenant.id, flowId: flow.id, formId: created.id, actor };
  await saveFormDraft({ ...args, input: benchForm() });
  const form = await publishForm(args);
  const options = form.sections.flatMap((s) => s.questions.flatMap((q) => q.options)).length;
  log(`form: ${form.sections.length} sections, ${form.sections.flatMap((s) => s.questions).length} questions, ${options} options`);
  await closeDatabase();

  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await client.query(`SELECT set_config('app.scope', 'platform', false)`);
  const addProspects = (from: number, count: number) =>
    client.query(
      `INSERT INTO "Entity" (id, "tenantId", role, type, status, "nameEn", "nameAr", email, "searchText", "createdAt", "updatedAt")
       SELECT gen_random_uuid(), $1, 'Prospect', 'Individual', 'Active', 'Prospect ' || i, 'عميل ' || i, 'k' || i || '@example.test',
              lower('prospect ' || i), now(), now()
         FROM generate_series($2::int, $2::int + $3::int - 1) AS i`,
      [tenant.id, from, count],
    );
  // The history: HISTORY prospects whose KYC submitted the form (one submission of 200 answers each,
  // the options picked as the measured ones are), stored by SQL like the service stores them.
  await addProspects(PROSPECTS + 1, HISTORY);
  await client.query(
    `INSERT INTO "KycSubmission" (id, "tenantId", "kycId", "formId", attempt, "submittedAt", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), $1, k.id, $2, 1, now(), now(), now() FROM "Kyc" k WHERE k."tenantId" = $1`,
    [tenant.id, form.id],
  );
  const questions = form.sections.flatMap((s) => s.questions.map((q) => ({ question: q.id, options: q.options.map((o) => o.id) })));
  await client.query(
    `INSERT INTO "KycAnswer" (id, "tenantId", "kycId", "submissionId", "questionId", "chosenOptions", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), $1, s."kycId", s.id, q.question,
            jsonb_build_array(jsonb_build_object('id', gen_random_uuid(), 'optionId', q.options->>(abs(hashtext(s.id::text || q.question::text)) % 5), 'additionalInfo', NULL)),
            now(), now()
       FROM "KycSubmission" s CROSS JOIN json_to_recordset($2::json) AS q(question uuid, options jsonb)
      WHERE s."tenantId" = $1`,
    [tenant.id, JSON.stringify(questions)],
  );
  await addProspects(1, PROSPECTS);
  const kycIds = (
    await client.query<{ id: string }>(
      `SELECT k.id FROM "Kyc" k WHERE k."tenantId" = $1 AND NOT EXISTS (SELECT 1 FROM "KycSubmission" s WHERE s."kycId" = k.id) ORDER BY k.id`,
      [tenant.id],
    )
  ).rows.map((r) => r.id);
  await client.query('VACUUM ANALYZE');
  if (PG_STATEMENTS) await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await client.end();
  log(`${kycIds.length} KYC records to submit, ${HISTORY} more with a submission of 200 answers already`);
  if (kycIds.length < PROSPECTS) throw new Error('the KYC records were not created');

  // Scoring alone, on the same tree and answer sets (no I/O).
  const scoringForm = scoringFormOf(form);
  const inputs = Array.from({ length: 50 }, (_, seed) => {
    const answers = new Map<string, ScoringAnswer>();
    for (const a of answersOf(form, seed).answers) answers.set(a.questionId, { questionId: a.questionId, optionIds: a.optionIds ?? [] });
    return {
      classification: 'Retail' as const,
      forms: [scoringForm],
      answers,
      countryGrades: new Map(),
      thresholds: { mediumFrom: 40, highFrom: 70 },
      matches: { local: 0, public: 0, caseIds: [] },
    };
  });
  for (let i = 0; i < 500; i++) computeKycScore(inputs[i % inputs.length]!);
  const scoringTimes: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const t0 = performance.now();
    computeKycScore(inputs[i % inputs.length]!);
    scoringTimes.push(performance.now() - t0);
  }
  scoringTimes.sort((a, b) => a - b);
  const scoring = {
    meanMs: Math.round((scoringTimes.reduce((a, b) => a + b, 0) / scoringTimes.length) * 1000) / 1000,
    p95Ms: Math.round(percentile(scoringTimes, 95) * 1000) / 1000,
    p99Ms: Math.round(percentile(scoringTimes, 99) * 1000) / 1000,
  };
  log(`scoring alone: mean ${scoring.meanMs} ms, p95 ${scoring.p95Ms} ms, p99 ${scoring.p99Ms} ms per submission`);

  const service = await startBenchServer({ databaseUrl: db.url, env: { API_RATE_LIMIT_PER_SECOND: '1000000000' } });
  stops.unshift(() => service.stop());
  // CPU per request of our own server and database (steadier than latency on a shared host).
  const monitor = new pg.Client({ connectionString: db.url });
  await monitor.connect();
  stops.unshift(() => monitor.end());
  const withCpu = async (run: () => Promise<Stats>) => {
    const before = { server: processTreeCpuSeconds(service.pid), pg: await postgresCpuSeconds(monitor), self: process.cpuUsage() };
    const stats = await run();
    const self = process.cpuUsage(before.self);
    const after = { server: processTreeCpuSeconds(service.pid), pg: await postgresCpuSeconds(monitor) };
    const per = (seconds: number) => Math.round((seconds * 1000 * 10) / Math.max(1, stats.requests)) / 10;
    return {
      ...stats,
      cpuMsPerRequest: {
        nextjs: per(after.server - before.server),
        postgres: per(cpuSecondsBetween(before.pg, after.pg)),
        // This process, the load generator: on the same two cores, reading a 1.2 MB answer is not free.
        loadGenerator: per((self.user + self.system) / 1e6),
      },
    };
  };
  const formPath = `/services/crm/kyc-flows/${flow.id}/forms/${form.id}`;
  const bodies = Array.from({ length: 50 }, (_, seed) => JSON.stringify(answersOf(form, seed)));
  let nextKyc = 0;
  const submission = () => {
    const kycId = kycIds[nextKyc++];
    if (!kycId) return null;
    return { method: 'POST' as const, path: `/services/crm/kyc/${kycId}/forms/${form.id}/submissions`, body: bodies[nextKyc % bodies.length] };
  };

  const getForm = () => ({ method: 'GET' as const, path: formPath });
  const getFormGzip = () => ({ method: 'GET' as const, path: formPath, headers: GZIP });
  const cpu = (r: { cpuMsPerRequest: { nextjs: number; postgres: number; loadGenerator: number } }) =>
    `CPU ms: Next.js ${r.cpuMsPerRequest.nextjs}, PostgreSQL ${r.cpuMsPerRequest.postgres}, bench client ${r.cpuMsPerRequest.loadGenerator}`;

  const loadBefore = os.loadavg()[0]!;
  await load(service.baseUrl, WARMUP_SEC, getForm);
  await load(service.baseUrl, WARMUP_SEC, getFormGzip);
  await load(service.baseUrl, WARMUP_SEC, submission);
  // Statistics as after autovacuum's next pass: the warm-ups wrote rows the setup's ANALYZE did not
  // see. Without the history (BENCH_KYC_HISTORY=0) the answer tables start empty and this is not
  // enough: KycSubmission then holds the warm-up's few dozen rows, each connection plans the
  // answers' foreign-key check (200 per submission) as a sequential scan, and the measured runs
  // grow the table several times over, each check reading all of it (pg_stat_statements: 13 ms of
  // statement time per submission under load, against 4-5 ms of index scans with the history).
  // A production database holds earlier submissions; so does this one.
  await monitor.query('ANALYZE');
  // One connection first: the time one request takes when it waits for nothing but itself.
  const single = {
    getGzip: await withCpu(() => load(service.baseUrl, 5, getFormGzip, 1)),
    get: await withCpu(() => load(service.baseUrl, 5, getForm, 1)),
    post: await withCpu(() => load(service.baseUrl, 5, submission, 1)),
  };
  log(
    `1 connection: GET gzip p50 ${single.getGzip.p50} ms, p95 ${single.getGzip.p95} ms (${cpu(single.getGzip)}); ` +
      `GET identity p50 ${single.get.p50} ms, p95 ${single.get.p95} ms (${cpu(single.get)}); ` +
      `POST p50 ${single.post.p50} ms, p95 ${single.post.p95} ms (${cpu(single.post)})`,
  );
  const getLine = (name: string, r: Stats) =>
    `GET form ${name}: ${r.requests} requests, ${r.rps}/s, p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}`;
  const getGzip = await withCpu(() => load(service.baseUrl, DURATION_SEC, getFormGzip));
  log(`${getLine('gzip (accept-encoding: gzip, deflate)', getGzip)}; ${cpu(getGzip)} per request`);
  const get = await withCpu(() => load(service.baseUrl, DURATION_SEC, getForm));
  log(`${getLine('identity (no accept-encoding)', get)}; ${cpu(get)} per request`);
  if (PG_STATEMENTS) await monitor.query('SELECT pg_stat_statements_reset()');
  const post = await withCpu(() => load(service.baseUrl, DURATION_SEC, submission));
  log(
    `POST submission: ${post.requests} requests, ${post.rps}/s, p50 ${post.p50} ms, p95 ${post.p95} ms, p99 ${post.p99} ms, non-2xx ${post.non2xx}; ` +
      `${cpu(post)} per request`,
  );
  if (PG_STATEMENTS)
    console.log(`\n--- POST statements (pg_stat_statements, per submission)\n${JSON.stringify(await statementsPer(monitor, post.requests), null, 2)}\n`);
  if (nextKyc >= kycIds.length) log(`ran out of prospects after ${kycIds.length} submissions: raise BENCH_KYC_PROSPECTS`);

  const loadAfter = os.loadavg()[0]!;
  log(`host load average (1 min): ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after (2 cores)`);
  // One answer of each kind, read whole: the gzip answer decoded must be the identity answer's bytes.
  const identity = await fetchRaw(service.baseUrl + formPath, headers);
  const gzipped = await fetchRaw(service.baseUrl + formPath, { ...headers, ...GZIP });
  const gzipOk = gzipped.encoding === 'gzip' && zlib.gunzipSync(gzipped.body).equals(identity.body);
  log(
    `form answer: ${identity.body.byteLength} bytes identity, ${gzipped.body.byteLength} bytes as ${gzipped.encoding ?? 'identity'}` +
      ` (vary: ${gzipped.vary ?? '-'}); decoded equal to the identity answer: ${gzipOk ? 'yes' : 'NO'}`,
  );
  const met = {
    getGzip: getGzip.p95 < TARGET_P95_MS,
    get: get.p95 < TARGET_P95_MS,
    post: post.p95 < TARGET_P95_MS,
    scoring: scoring.p95Ms < TARGET_SCORING_MS,
  };
  const mark = (ok: boolean) => (ok ? '✔' : '✘');
  console.log(
    `\nbench:kyc (10 × 20 × 5, ${CONNECTIONS} connections, ${DURATION_SEC} s each): ` +
      `GET p95 ${getGzip.p95} ms ${mark(met.getGzip)} with accept-encoding gzip (${gzipped.encoding ?? 'identity'} answer), ` +
      `${get.p95} ms ${mark(met.get)} without (identity); POST p95 ${post.p95} ms ${mark(met.post)}; scoring p95 ${scoring.p95Ms} ms ${mark(met.scoring)}`,
  );
  writeResult('kyc', {
    connections: CONNECTIONS,
    durationSec: DURATION_SEC,
    options,
    formBytes: identity.body.byteLength,
    formBytesGzip: gzipped.encoding === 'gzip' ? gzipped.body.byteLength : null,
    gzipDecodesToIdentity: gzipOk,
    single,
    getGzip,
    get,
    post,
    scoring,
    met,
    loadAverage: [loadBefore, loadAfter],
  });
  if (!gzipOk) process.exitCode = 1;
  if (get.non2xx || getGzip.non2xx || post.non2xx) process.exitCode = 1;
} finally {
  for (const stop of stops) await stop().catch(() => {});
}
process.exit(process.exitCode ?? 0);
