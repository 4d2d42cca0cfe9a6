import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { POST as createClient } from '@/app/services/crm/entities/client/route';
import { apiRoute } from '@/lib/http/route';
import { expireIdempotencyKeys } from '@/lib/platform/idempotency-keys';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { individualInput } from '@/scripts/testing/record-factories';

const db = useTestDatabase();

const post = (headers: Record<string, string>, key: string | undefined, body: unknown) =>
  callRoute(createClient, 'POST', '/services/crm/entities/client', { headers: key === undefined ? headers : { ...headers, 'idempotency-key': key }, body });

const countEntities = async (tenantId: string) =>
  Number((await db.current().pool.query('SELECT count(*) FROM "Entity" WHERE "tenantId" = $1', [tenantId])).rows[0].count);

describe('Idempotency-Key on POST (Stripe semantics)', () => {
  it('replays the first answer for the same key and body, with Idempotent-Replayed, and creates once', async () => {
    const t = await createTestTenant();
    const body = individualInput();
    const first = await post(t.headers, 'create-1', body);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await post(t.headers, 'create-1', body);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toMatch(/application\/json/);
    expect(again.body).toEqual(first.body);
    expect(await countEntities(t.id)).toBe(1);
  });

  it('replays an error answer too (the first request ran and was refused: 409 stays 409)', async () => {
    const t = await createTestTenant();
    const body = individualInput();
    expect((await post(t.headers, undefined, body)).status).toBe(201);
    const duplicate = await post(t.headers, 'dup', body);
    expect(duplicate.status).toBe(409);
    const again = await post(t.headers, 'dup', body);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(duplicate.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED when the same key comes with another body', async () => {
    const t = await createTestTenant();
    expect((await post(t.headers, 'k', individualInput())).status).toBe(201);
    const other = await post(t.headers, 'k', individualInput());
    expect(other.status).toBe(422);
    expect(other.body.errorCode).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(other.body.message.ar).toMatch(/[\u0600-\u06FF]/);
    expect(await countEntities(t.id)).toBe(1);
  });

  it('answers 409 IDEMPOTENCY_KEY_IN_USE while the first request is still running', async () => {
    const t = await createTestTenant();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const slow = apiRoute({
      summary: 'slow',
      body: z.object({ n: z.number() }),
      status: 201,
      handler: async ({ body }) => {
        started();
        await gate;
        return { data: body };
      },
    });
    const call = () => callRoute(slow, 'POST', '/x', { headers: { ...t.headers, 'idempotency-key': 'slow' }, body: { n: 1 } });
    const first = call();
    await running;
    const second = await call();
    expect(second.status).toBe(409);
    expect(second.body.errorCode).toBe('IDEMPOTENCY_KEY_IN_USE');
    release();
    expect((await first).status).toBe(201);
    const third = await call();
    expect(third.status).toBe(201);
    expect(third.headers.get('idempotent-replayed')).toBe('true');
  });

  it('keeps no key for a request refused before it ran (400), and frees it after a 500', async () => {
    const t = await createTestTenant();
    const bad = await post(t.headers, 'fix-me', { nameEn: '' });
    expect(bad.status).toBe(400);
    expect((await post(t.headers, 'fix-me', individualInput())).status).toBe(201);

    let fail = true;
    const flaky = apiRoute({
      summary: 'flaky',
      body: z.object({ n: z.number() }),
      status: 201,
      handler: async ({ body }) => {
        if (fail) throw new Error('database went away');
        return { data: body };
      },
    });
    const call = () => callRoute(flaky, 'POST', '/x', { headers: { ...t.headers, 'idempotency-key': 'flaky' }, body: { n: 2 } });
    expect((await call()).status).toBe(500);
    fail = false;
    const retry = await call();
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
  });

  it('does not run a retry again when the first request committed its work and died before its answer was stored (lock time passed)', async () => {
    const t = await createTestTenant();
    const body = individualInput();
    const first = await post(t.headers, 'died', body);
    expect(first.status).toBe(201);
    // As if the process had been killed before storing the answer, two minutes ago.
    await db
      .current()
      .pool.query(`UPDATE "IdempotencyKey" SET status = NULL, body = NULL, "createdAt" = now() - interval '2 minutes' WHERE "tenantId" = $1`, [t.id]);
    const retry = await post(t.headers, 'died', body);
    // Its work had committed (the key was marked in that transaction): it does not run again, and
    // says so, whether or not the body carries a crmId (idempotency-crash.test.ts has both cases).
    expect(retry.status).toBe(409);
    expect(retry.body.errorCode).toBe('IDEMPOTENCY_ANSWER_LOST');
    expect(await countEntities(t.id)).toBe(1);
  });

  it('forgets keys after 24 hours (the hourly job), after which the key is free', async () => {
    const t = await createTestTenant();
    expect((await post(t.headers, 'old', individualInput())).status).toBe(201);
    expect(await expireIdempotencyKeys()).toBe(0);
    await db.current().pool.query(`UPDATE "IdempotencyKey" SET "createdAt" = now() - interval '25 hours' WHERE "tenantId" = $1`, [t.id]);
    expect(await expireIdempotencyKeys()).toBe(1);
    expect((await post(t.headers, 'old', individualInput())).status).toBe(201);
    // A key older than 24 hours that the job has not reached yet is free too.
    await db.current().pool.query(`UPDATE "IdempotencyKey" SET "createdAt" = now() - interval '25 hours' WHERE "tenantId" = $1`, [t.id]);
    expect((await post(t.headers, 'old', individualInput())).status).toBe(201);
    expect(await countEntities(t.id)).toBe(3);
  });

  it('keeps keys per tenant: the same key in another tenant is another request', async () => {
    const a = await createTestTenant();
    const b = await createTestTenant();
    const first = await post(a.headers, 'shared-key', individualInput());
    const second = await post(b.headers, 'shared-key', individualInput());
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(second.body.data.id).not.toBe(first.body.data.id);
    // Tenant B's stored answer is not readable through tenant A's key lookups either.
    const rows = await db.current().pool.query('SELECT "tenantId" FROM "IdempotencyKey" WHERE key = $1 ORDER BY "createdAt"', ['shared-key']);
    expect(rows.rows.map((r) => r.tenantId)).toEqual([a.id, b.id]);
  });

  it('refuses an empty key or one over 255 characters with 400 naming the header', async () => {
    const t = await createTestTenant();
    for (const key of ['', 'k'.repeat(256)]) {
      const res = await post(t.headers, key, individualInput());
      expect(res.status, `${key.length} characters`).toBe(400);
      expect(res.body.validationErrors).toEqual([expect.stringMatching(/^Idempotency-Key: /)]);
    }
    expect((await post(t.headers, 'k'.repeat(255), individualInput())).status).toBe(201);
  });
});
