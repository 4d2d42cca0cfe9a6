import { describe, expect, it } from 'vitest';
import { sqlOfClient, withTenantConnection } from '@/lib/db/sql';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createTestEntity } from '@/scripts/testing/record-factories';
import { factBatch, type AddedTransaction } from './fact-batch';
import { queryWindow } from './facts';
import type { WindowQuery } from './templates';

useTestDatabase();

const AT = new Date('2026-11-20T10:00:00.000Z');
const NEW_ID = '80000000-0000-4000-8000-000000000000';
const hoursBefore = (h: number) => new Date(AT.getTime() - h * 3_600_000);

describe('fact batch asked ahead of the INSERT', () => {
  it('answers every window exactly as a query after the INSERT would: the new row counted, the sum exact, ties in id order', async () => {
    const t = await createTestTenant();
    const e = await createTestEntity(t.id);
    const other = await createTestEntity(t.id);
    const questions: WindowQuery[] = [
      { since: hoursBefore(24) },
      { since: hoursBefore(24), direction: 'Credit' },
      { since: hoursBefore(24), direction: 'Debit' },
      { since: hoursBefore(24), direction: 'Credit', currencyCode: 'SAR' },
      { since: hoursBefore(24), direction: 'Credit', currencyCode: 'USD' },
      { since: hoursBefore(24), minAmount: '1000.125' }, // inclusive: the new row counts
      { since: hoursBefore(24), minAmount: '1000.126' },
      { since: hoursBefore(24), belowAmount: '1000.125' }, // exclusive: it does not
      { since: hoursBefore(24), minAmount: '900', belowAmount: '1000.13' },
      { since: hoursBefore(1), direction: 'Credit' },
    ];
    await withTenantConnection(t.id, async (client) => {
      const db = sqlOfClient(client);
      const insert = (id: string, at: Date, amount: string, sourceEntityId: string | null, targetEntityId: string | null, currencyCode = 'SAR') =>
        db.query(
          `INSERT INTO "Transaction" (id, "tenantId", "externalRef", "requestHash", "transactionDate", amount, currency, "currencyCode", source, target, "sourceEntityId", "targetEntityId", direction, "tagIds", "updatedAt")
           VALUES ($1::uuid, $2::uuid, $3, 'h', $4, $5::numeric, $6, $6, '{}', '{}', $7::uuid, $8::uuid, $9::"TransactionDirection", '{}', now())`,
          [id, t.id, `ref-${id}`, at, amount, currencyCode, sourceEntityId, targetEntityId, targetEntityId ? 'Credit' : 'Debit'],
        );
      // History: credits and debits of the entity, a tie on each side of the new row's id, older and other-currency rows.
      await insert('7fffffff-0000-4000-8000-000000000000', AT, '100.5', null, e.id);
      await insert('90000000-0000-4000-8000-000000000000', AT, '200.25', e.id, null);
      await insert('10000000-0000-4000-8000-000000000000', hoursBefore(2), '999.99', other.id, e.id);
      await insert('20000000-0000-4000-8000-000000000000', hoursBefore(3), '5', e.id, other.id);
      await insert('30000000-0000-4000-8000-000000000000', hoursBefore(4), '7.7', null, e.id, 'USD');
      await insert('40000000-0000-4000-8000-000000000000', hoursBefore(30), '1', null, e.id);

      // Asked, and answered, before the new row is inserted; its description comes once the sides are known.
      let describeRow!: (row: AddedTransaction) => void;
      const added = new Promise<AddedTransaction>((resolve) => (describeRow = resolve));
      const facts = factBatch(db, t.id, { added });
      const asked = questions.map((q) => facts.window(e.id, AT, q));
      const sameInstant = facts.window(e.id, AT, questions[0]!);
      await new Promise((resolve) => setTimeout(resolve, 50));
      describeRow({ id: NEW_ID, amount: '1000.125', currencyCode: 'SAR', transactionDate: AT, sourceEntityId: null, targetEntityId: e.id });
      const answers = await Promise.all(asked);
      expect(await sameInstant).toBe(await asked[0]); // one question, asked twice, is asked once
      await insert(NEW_ID, AT, '1000.125', null, e.id);
      // The same questions asked on their own after the INSERT, which see the new row.
      const reference = await Promise.all(questions.map((q) => queryWindow(db, t.id, e.id, AT, q)));
      expect(answers).toEqual(reference);
      // The new row counted where it belongs, placed between the two rows of its own instant.
      expect(answers[1]).toEqual({
        count: 4,
        sum: '2108.315',
        ids: [NEW_ID, '7fffffff-0000-4000-8000-000000000000', '10000000-0000-4000-8000-000000000000', '30000000-0000-4000-8000-000000000000'],
      });
      expect(answers[0]!.ids.slice(0, 3)).toEqual(['90000000-0000-4000-8000-000000000000', NEW_ID, '7fffffff-0000-4000-8000-000000000000']);
      expect(answers[5]!.ids).toContain(NEW_ID);
      expect(answers[6]!.ids).not.toContain(NEW_ID);
      expect(answers[7]!.ids).not.toContain(NEW_ID);

      // Nothing to insert (the request failed after asking): the windows answer its reason, never a count without the row.
      const failed = Promise.reject(new Error('nothing inserted'));
      failed.catch(() => {});
      const again = factBatch(db, t.id, { added: failed });
      await expect(again.window(e.id, AT, { since: hoursBefore(5) })).rejects.toThrow('nothing inserted');
    });
  });
});
