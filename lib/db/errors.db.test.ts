// Database failures the caller caused, as the 4xx they mean, whichever way the statement went:
// through the ORM's models, as a raw statement inside an ORM transaction (Prisma wraps PostgreSQL's
// code in P2010), or on a plain pooled connection.
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/core/errors';
import { getPool } from '@/lib/db/client';
import { fromDatabaseError } from '@/lib/db/errors';
import { sqlOf } from '@/lib/db/sql';
import { withTenant } from '@/lib/db/tenant-tx';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';

useTestDatabase();

const failure = (work: () => Promise<unknown>) =>
  work().then(
    () => {
      throw new Error('the statement succeeded');
    },
    (error: unknown) => error,
  );
const tag = `INSERT INTO "Tag" (id, "tenantId", "nameEn", "nameAr", scope, "updatedAt") VALUES (gen_random_uuid(), $1::uuid, 'Duplicate', 'مكرر', 'Entity', now())`;

describe('fromDatabaseError', () => {
  it("answers a unique violation as CONFLICT with its index's detail: model call, raw statement in a transaction, plain connection", async () => {
    const t = await createTestTenant();
    await withTenant(t.id, (tx) => tx.tag.create({ data: { tenantId: t.id, nameEn: 'Duplicate', nameAr: 'مكرر' } }));
    const viaModel = await failure(() => withTenant(t.id, (tx) => tx.tag.create({ data: { tenantId: t.id, nameEn: 'Duplicate', nameAr: 'مكرر' } })));
    const viaRaw = await failure(() => withTenant(t.id, (tx) => sqlOf(tx).query(tag, [t.id])));
    const viaPool = await failure(async () => {
      const client = await getPool().connect();
      try {
        await client.query('BEGIN');
        await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [t.id]);
        await client.query(tag, [t.id]);
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    });
    for (const error of [viaModel, viaRaw, viaPool]) {
      const mapped = fromDatabaseError(error);
      expect(mapped, String(error)).toBeInstanceOf(AppError);
      expect(mapped!.code).toBe('CONFLICT');
      // The violated index is read on every path, and a known one gives its precise message.
      expect(mapped!.detail).toBe('duplicateTag');
    }
  });

  it('answers invalid input of a raw statement as a validation error, and leaves other failures alone', async () => {
    const t = await createTestTenant();
    const badUuid = await failure(() => withTenant(t.id, (tx) => sqlOf(tx).query(`SELECT $1::uuid AS id`, ['not-a-uuid'])));
    expect(fromDatabaseError(badUuid)?.code).toBe('VALIDATION_ERROR');
    const syntax = await failure(() => withTenant(t.id, (tx) => sqlOf(tx).query(`SELEC 1`)));
    expect(fromDatabaseError(syntax)).toBeUndefined();
  });
});
