import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { POST as createClientRoute } from '@/app/services/crm/entities/client/route';
import { createEntity } from '@/lib/entities/create-entity';
import { runInIdempotencyScope } from '@/lib/db/idempotency-scope';
import { apiRoute } from '@/lib/http/route';
import { withTenant } from '@/lib/db/tenant-tx';
import { claimIdempotencyKey } from '@/lib/platform/idempotency-keys';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant, type TestTenant } from '@/scripts/testing/factories';

// What the kill -9 drill (scripts/drills/kill9.ts) found: a request whose process dies after its
// work committed but before its answer was stored used to run again on retry (a duplicate client).
// Here the "process" is simulated: the first request claims its key and does its work in the key's
// scope, then never stores its answer; the retry comes after the lock time.

const db = useTestDatabase();
const PATH = '/services/crm/entities/client';

function fingerprint(body: string) {
  return crypto.createHash('sha256').update(`POST ${PATH}\n`).update(Buffer.from(body)).digest('hex');
}

async function deadFirstAttempt(tenant: TestTenant, key: string, body: string, { commitWork }: { commitWork: boolean }) {
  const past = new Date(Date.now() - 10 * 60_000);
  expect((await claimIdempotencyKey({ tenantId: tenant.id, key, fingerprint: fingerprint(body), now: past })).kind).toBe('owner');
  await runInIdempotencyScope({ tenantId: tenant.id, key }, async () => {
    // A read-only transaction in scope does not mark the key.
    await withTenant(tenant.id, (tx) => tx.entity.count({ where: { tenantId: tenant.id } }));
    if (commitWork) await createEntity({ tenantId: tenant.id, role: 'Client', input: JSON.parse(body), actor: { type: 'system' } });
  });
  // ...and the process dies here: no answer stored.
}

const count = async (tenant: TestTenant, name: string) =>
  (await db.current().pool.query(`SELECT count(*)::int AS n FROM "Entity" WHERE "tenantId" = $1 AND "nameEn" = $2`, [tenant.id, name])).rows[0].n;

describe('Idempotency-Key across a crash', () => {
  it('work committed, answer lost: the retry is 409 IDEMPOTENCY_ANSWER_LOST and nothing is created twice', async () => {
    const tenant = await createTestTenant();
    const key = crypto.randomUUID();
    const body = JSON.stringify({ nameEn: `Crash ${key}`, nationalityCode: 'SA' });
    await deadFirstAttempt(tenant, key, body, { commitWork: true });
    const retry = await callRoute(createClientRoute, 'POST', PATH, {
      headers: { ...tenant.headers, 'idempotency-key': key, 'content-type': 'application/json' },
      body,
    });
    expect(retry.status).toBe(409);
    expect(retry.body.errorCode).toBe('IDEMPOTENCY_ANSWER_LOST');
    expect(retry.body.message.ar).toMatch(/[\u0600-\u06FF]/);
    expect(await count(tenant, `Crash ${key}`)).toBe(1);
  });

  it('died before any commit: the retry runs the request (201), once', async () => {
    const tenant = await createTestTenant();
    const key = crypto.randomUUID();
    const body = JSON.stringify({ nameEn: `Crash ${key}`, nationalityCode: 'SA' });
    await deadFirstAttempt(tenant, key, body, { commitWork: false });
    const retry = await callRoute(createClientRoute, 'POST', PATH, {
      headers: { ...tenant.headers, 'idempotency-key': key, 'content-type': 'application/json' },
      body,
    });
    expect(retry.status).toBe(201);
    const again = await callRoute(createClientRoute, 'POST', PATH, {
      headers: { ...tenant.headers, 'idempotency-key': key, 'content-type': 'application/json' },
      body,
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await count(tenant, `Crash ${key}`)).toBe(1);
  });

  it('a 500 after the work committed keeps the key: the retry is told IDEMPOTENCY_ANSWER_LOST, not run again', async () => {
    const tenant = await createTestTenant();
    const name = `Half done ${crypto.randomUUID()}`;
    const halfDone = apiRoute({
      summary: 'writes, then fails',
      status: 201,
      handler: async ({ auth }) => {
        await createEntity({ tenantId: auth.tenantId, role: 'Client', input: { nameEn: name }, actor: { type: 'system' } });
        throw new Error('failed after its write');
      },
    });
    const call = () => callRoute(halfDone, 'POST', '/x', { headers: { ...tenant.headers, 'idempotency-key': 'half' } });
    expect((await call()).status).toBe(500);
    expect((await call()).body.errorCode).toBe('IDEMPOTENCY_KEY_IN_USE');
    await db.current().pool.query(`UPDATE "IdempotencyKey" SET "createdAt" = now() - interval '10 minutes' WHERE "tenantId" = $1`, [tenant.id]);
    const retry = await call();
    expect(retry.status).toBe(409);
    expect(retry.body.errorCode).toBe('IDEMPOTENCY_ANSWER_LOST');
    expect(await count(tenant, name)).toBe(1);
  });
});
