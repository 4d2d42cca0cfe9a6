/**
 * `npm run bench:profile`: the officer's entity profile page for a heavy record (20 identities
 * with documents, 10 bank accounts, 50 audit events), rendered by the production build.
 * Measures the full server response of GET /en/entities/{id} (server render of the page, its
 * data loading and streaming, on loopback) for BENCH_PROFILE_REQUESTS sequential requests after
 * a warm-up, and fails when the median is 300 ms or more. Writes bench/results/profile.json.
 * Bounded: the whole run stops after BENCH_MAX_SECONDS (default 300).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encode } from 'next-auth/jwt';
import { startBenchDatabase, startBenchServer, writeResult, type BenchDatabase, type BenchServer } from './lib/server';

const REQUESTS = Number(process.env.BENCH_PROFILE_REQUESTS ?? 40);
const WARMUP = 5;
const TARGET_MS = 300;
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 300);
const SECRET = 'bench-profile-secret-bench-profile-secret';
const started = Date.now();
const log = (...a: unknown[]) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s]`, ...a);

async function seed(attachmentsDir: string) {
  // Services read DATABASE_URL / ATTACHMENTS_DIR lazily, so they are imported after both are set.
  process.env.ATTACHMENTS_DIR = attachmentsDir;
  const { createTestTenant } = await import('@/scripts/testing/factories');
  const { createUser } = await import('@/lib/tenancy/users');
  const { withPlatform } = await import('@/lib/db/tenant-tx');
  const f = await import('@/e2e/fixtures/records');
  const tenant = await createTestTenant({ slug: 'bench-profile' });
  await createUser({ email: 'bench-officer@bench.test', password: 'bench-officer-pass', role: 'officer', tenantSlug: tenant.slug });
  const user = await withPlatform((tx) => tx.user.findUniqueOrThrow({ where: { email: 'bench-officer@bench.test' } }));

  const image = await f.upload(tenant.id, f.makePng(64), 'id-front.png');
  const pdf = await f.upload(tenant.id, f.makePdf('Identity document'), 'id-back.pdf');
  const identities = Array.from({ length: 20 }, (_, i) => ({
    number: i === 0 ? '1012345678' : `P${String(7_000_000 + i)}`,
    type: i === 0 ? undefined : 'Passport',
    issuingCountryCode: 'SA',
    expiresAt: `20${30 + (i % 9)}-0${1 + (i % 9)}-15`,
    documentIds: [image.id, pdf.id],
  }));
  const entity = await f.createClient(tenant.id, {
    nameEn: 'Heavy Profile Client',
    nameAr: 'عميل ذو ملف كبير',
    email: 'heavy@example.sa',
    dobGregorian: '1980-01-01',
    identities,
  });
  for (let i = 0; i < 10; i++) {
    const slip = i % 2 ? await f.upload(tenant.id, f.makePdf(`Bank letter ${i}`), `bank-letter-${i}.pdf`) : undefined;
    await f.createBankAccount({
      tenantId: tenant.id,
      entityId: entity.id,
      iban: f.saudiIban(100 + i),
      isPrimary: i === 0,
      attachmentId: slip?.id,
      holderName: 'Heavy Profile Client',
      actor: f.SEED_ACTOR,
    });
  }
  await f.addAddress(tenant.id, entity.id, '12 King Fahd Road, Al Olaya, Riyadh 12214');
  // createEntity and each account already wrote one audit row on their own targets; the entity
  // gets its 50 on top of its creation.
  await f.addAuditEvents(tenant.id, entity.id, 49);
  const { closeDatabase } = await import('@/lib/db/client');
  await closeDatabase();
  return { tenantId: tenant.id, entityId: entity.id, user };
}

async function sessionCookie(user: { id: string; email: string; displayName: string; tenantId: string | null }) {
  const token = await encode({
    secret: SECRET,
    token: {
      sub: user.id,
      uid: user.id,
      email: user.email,
      displayName: user.displayName,
      role: 'officer',
      homeTenantId: user.tenantId,
      tenantId: user.tenantId,
    },
  });
  return `next-auth.session-token=${token}`;
}

async function timeOnce(url: string, cookie: string): Promise<{ ms: number; bytes: number; status: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { cookie }, redirect: 'manual' });
  const body = await res.text();
  return { ms: performance.now() - t0, bytes: body.length, status: res.status };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  let db: BenchDatabase | undefined;
  let server: BenchServer | undefined;
  const attachmentsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-bench-attachments-'));
  const guard = setTimeout(() => {
    console.error(`bench:profile exceeded ${MAX_SECONDS} s`);
    process.exit(2);
  }, MAX_SECONDS * 1000);
  try {
    db = await startBenchDatabase();
    process.env.DATABASE_URL = db.url;
    log('database ready');
    const { entityId, user } = await seed(attachmentsDir);
    log('seeded: 20 identities (40 documents), 10 bank accounts, 50 audit events');
    process.env.NEXTAUTH_SECRET = SECRET;
    server = await startBenchServer({ databaseUrl: db.url, env: { NEXTAUTH_SECRET: SECRET, ATTACHMENTS_DIR: attachmentsDir } });
    log('server ready', server.baseUrl);

    const cookie = await sessionCookie(user);
    const url = `${server.baseUrl}/en/entities/${entityId}`;
    const first = await timeOnce(url, cookie);
    if (first.status !== 200) throw new Error(`profile page answered ${first.status}`);
    const html = await (await fetch(url, { headers: { cookie } })).text();
    const rendered = {
      identities: (html.match(/P70000\d\d/g) ?? []).length > 0 ? new Set(html.match(/P70000\d\d/g)).size + 1 : 0,
      auditEvents: (html.match(/data-action="/g) ?? []).length,
    };
    if (rendered.identities !== 20 || rendered.auditEvents !== 50) throw new Error(`page did not render the whole record: ${JSON.stringify(rendered)}`);
    for (let i = 0; i < WARMUP; i++) await timeOnce(url, cookie);
    const samples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const r = await timeOnce(url, cookie);
      if (r.status !== 200) throw new Error(`request ${i} answered ${r.status}`);
      samples.push(r.ms);
      bytes = r.bytes;
    }
    const sorted = [...samples].sort((a, b) => a - b);
    const result = {
      page: '/en/entities/{id}',
      record: { identities: 20, documents: 40, bankAccounts: 10, auditEvents: 50 },
      requests: REQUESTS,
      coldMs: Math.round(first.ms),
      p50Ms: Math.round(percentile(sorted, 50)),
      p90Ms: Math.round(percentile(sorted, 90)),
      maxMs: Math.round(sorted.at(-1)!),
      htmlBytes: bytes,
      targetMs: TARGET_MS,
      pass: percentile(sorted, 50) < TARGET_MS,
    };
    writeResult('profile', result);
    log(result);
    if (!result.pass) process.exitCode = 1;
  } finally {
    clearTimeout(guard);
    await server?.stop().catch(() => {});
    await db?.stop().catch(() => {});
    fs.rmSync(attachmentsDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
