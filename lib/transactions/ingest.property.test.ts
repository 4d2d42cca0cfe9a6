import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POST as createTxRoute } from '@/app/services/crm/transactions/route';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createTestEntity } from '@/scripts/testing/record-factories';

useTestDatabase();

describe('POST /transactions under random input', () => {
  it('never answers 500: bad input is 400 with validationErrors, unknown entities 404', async () => {
    const t = await createTestTenant();
    const e = await createTestEntity(t.id);
    const junk = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 2 }),
      fc.object({ maxDepth: 1 }),
    );
    const side = fc.record(
      {
        method: fc.oneof(fc.constantFrom('Wallet', 'BankAccount', 'Card', 'Cash', 'External'), junk),
        vIban: fc.oneof(fc.string({ maxLength: 70 }), junk),
        iban: fc.oneof(fc.constant('SA0380000000608010167519'), junk),
        entity: fc.oneof(fc.constant({ id: e.id }), fc.record({ id: fc.uuid(), crmId: fc.string() }, { requiredKeys: [] }), junk),
        countryCode: fc.oneof(fc.constantFrom('SA', 'kp', 'XX'), junk),
      },
      { requiredKeys: [] },
    );
    const bodyArb = fc.record(
      {
        source: fc.oneof(side, junk),
        target: fc.oneof(side, junk),
        externalRef: fc.oneof(fc.string({ maxLength: 210 }), fc.string({ unit: 'binary', maxLength: 20 }), junk),
        transactionDate: fc.oneof(fc.constantFrom('2026-11-20T10:00:00Z', '2026-02-30T10:00:00Z', '2026-11-20T10:00:00+03:00', '2026-13-01T00:00:00Z'), junk),
        amount: fc.oneof(
          fc.constantFrom('1', '0', '-1', '1e5', '99999999999999999999999999999999', '12.3456789012345678901', ' 5 '),
          fc.stringMatching(/^-?\d{0,5}(\.\d{0,3})?$/),
          junk,
        ),
        currency: fc.oneof(fc.constantFrom('Sar', 'usd', 'XYZ', 'EURO'), junk),
        exchangeRate: fc.oneof(fc.constantFrom('3.75', 'x'), junk),
        valueDate: junk,
        tagIds: fc.oneof(fc.array(fc.uuid(), { maxLength: 2 }), junk),
        securityDetails: fc.oneof(
          fc.constant({ isin: 'SA000\u0000' }),
          fc.constant({ isin: 'SA\ud800' }),
          fc.dictionary(fc.string(), fc.string({ unit: 'binary' }), { maxKeys: 2 }),
          junk,
        ),
        correctsTransactionId: fc.oneof(fc.uuid(), junk),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(bodyArb, async (b) => {
        const res = await callRoute(createTxRoute, 'POST', '/services/crm/transactions', { headers: t.headers, body: b });
        expect([200, 201, 400, 404, 409]).toContain(res.status);
        if (res.status === 400) expect(res.body.validationErrors.length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  }, 180_000);
});
