// The transaction benchmarks' data: 10 Published rules (one per template), seeded history and the
// POST bodies (bench/transactions.ts over HTTP, bench/transactions-statements.ts in-process).
import pg from 'pg';

export const BENCH_RULES = [
  ['LARGE', 'Hard', 'LargeAmount', { threshold: '500000', currency: 'SAR' }],
  ['COUNT-24H', 'Soft', 'CountVelocity', { count: 50, windowHours: 24 }],
  ['SUM-7D', 'Soft', 'AmountVelocity', { threshold: '1000000', currency: 'SAR', windowHours: 168, direction: 'Credit' }],
  ['STRUCT', 'Soft', 'Structuring', { threshold: '10000', marginPercent: 10, minCount: 3, windowHours: 72, currency: 'SAR' }],
  ['IN-OUT', 'Soft', 'RapidInOut', { percent: 90, windowHours: 48, minIncoming: '50000', currency: 'SAR' }],
  ['COUNTRY', 'Soft', 'HighRiskCountry', { minGrade: 'High' }],
  ['SCREENING', 'Soft', 'OpenScreeningMatch', {}],
  ['DORMANT', 'Soft', 'DormantReactivated', { dormantDays: 180 }],
  ['ROUND', 'Soft', 'RoundAmount', { unit: '10000', minAmount: '50000', currency: 'SAR' }],
  ['FIRST-LARGE', 'Soft', 'FirstLargeAfterNewLink', { threshold: '100000', currency: 'SAR', linkDays: 30 }],
] as const;

/** The bench tenant (its API key) with the 10 rules Published. Closes the service's database handles afterwards. */
export async function createBenchTenant(): Promise<{ tenantId: string; apiKey: string }> {
  const { createTenant } = await import('@/lib/tenancy/tenants');
  const { createRule, setRuleStatus } = await import('@/lib/transactions/rules/manage-rules');
  const { closeDatabase } = await import('@/lib/db/client');
  const { tenant, apiKey } = await createTenant({ slug: 'bench', nameEn: 'Bench', nameAr: 'اختبار الأداء' });
  for (const [code, type, template, params] of BENCH_RULES) {
    const actor = { type: 'system' as const };
    const { data } = await createRule({
      tenantId: tenant.id,
      input: {
        code,
        nameEn: code,
        nameAr: code,
        descriptionEn: '',
        descriptionAr: '',
        type,
        severity: 'Medium',
        config: { template, params: params as Record<string, unknown> },
      },
      actor,
    });
    await setRuleStatus({ tenantId: tenant.id, ruleId: data.id, status: 'Published', actor });
  }
  await closeDatabase();
  return { tenantId: tenant.id, apiKey };
}

/** `transactions` stored transactions over `entities` new entities (a third debits, two thirds credits, over the last 180 days); the entity ids. */
export async function seedTransactions(
  url: string,
  tenantId: string,
  { transactions, entities, log = () => {} }: { transactions: number; entities: number; log?: (message: string) => void },
): Promise<string[]> {
  const BATCH = 100_000;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO "Entity" (id, "tenantId", role, type, "nameEn", "nameAr", "nationalityCode", "updatedAt")
       SELECT gen_random_uuid(), $1::uuid, 'Client', 'Individual', 'Bench Client ' || g, 'عميل ' || g, 'SA', now() FROM generate_series(1, $2::int) g`,
      [tenantId, entities],
    );
    const ids = (await client.query<{ id: string }>(`SELECT id FROM "Entity" WHERE "tenantId" = $1::uuid ORDER BY id`, [tenantId])).rows.map((r) => r.id);
    await client.query(`CREATE TEMP TABLE ents AS SELECT row_number() OVER (ORDER BY id) - 1 AS i, id FROM "Entity" WHERE "tenantId" = $1::uuid`, [tenantId]);
    for (let from = 0; from < transactions; from += BATCH) {
      const n = Math.min(BATCH, transactions - from);
      // Credits (target is the entity) and debits (source is the entity), over the last 180 days.
      await client.query(
        `INSERT INTO "Transaction" (id, "tenantId", "externalRef", "requestHash", "transactionDate", amount, currency, "currencyCode", source, target,
            "sourceEntityId", "targetEntityId", "sourceCountry", "targetCountry", direction, "updatedAt")
         SELECT gen_random_uuid(), $1::uuid, 'seed-' || g, md5(g::text), now() - (random() * interval '180 days'),
                round((random() * 20000)::numeric, 2), 'Sar', 'SAR',
                CASE WHEN g % 3 = 0 THEN '{"method":"Wallet"}'::jsonb ELSE '{"method":"External"}'::jsonb END,
                CASE WHEN g % 3 = 0 THEN '{"method":"External"}'::jsonb ELSE '{"method":"Wallet"}'::jsonb END,
                CASE WHEN g % 3 = 0 THEN e.id END, CASE WHEN g % 3 = 0 THEN NULL ELSE e.id END, 'GB', 'SA',
                (CASE WHEN g % 3 = 0 THEN 'Debit' ELSE 'Credit' END)::"TransactionDirection", now()
           FROM generate_series($2::int, $3::int) g JOIN ents e ON e.i = g % $4::int`,
        [tenantId, from + 1, from + n, entities],
      );
      log(`seeded ${from + n} transactions`);
    }
    // Each entity's benchmark wallet (benchTransactionBody's vIban), its last transaction the newest seeded one:
    // the measured ingests move existing wallets, as a running tenant's mostly do, instead of each
    // entity's first ingest creating its wallet (most of a short, slow run's ingests otherwise).
    await client.query(
      `INSERT INTO "Wallet" (id, "tenantId", "entityId", currency, "vIban", "lastTransactionAt", "updatedAt")
       SELECT gen_random_uuid(), $1::uuid, e.id, 'SAR', 'BW-' || e.id,
              greatest((SELECT max("transactionDate") FROM "Transaction" t WHERE t."tenantId" = $1::uuid AND t."targetEntityId" = e.id),
                       (SELECT max("transactionDate") FROM "Transaction" t WHERE t."tenantId" = $1::uuid AND t."sourceEntityId" = e.id)), now()
         FROM ents e`,
      [tenantId],
    );
    await client.query('VACUUM ANALYZE "Transaction"');
    await client.query('VACUUM ANALYZE "Entity"');
    await client.query('VACUUM ANALYZE "Wallet"');
    return ids;
  } finally {
    await client.end();
  }
}

/** The n-th benchmark ingest: a new externalRef, a third debits from the entity's wallet, a sixth in the structuring band. */
export function benchTransactionBody(n: number, entityIds: readonly string[], run: string) {
  const entity = entityIds[n % entityIds.length]!;
  const structuring = n % 6 === 0;
  const amount = structuring ? `${9000 + (n % 999)}.${String(n % 100).padStart(2, '0')}` : `${(n * 7919) % 20000}.${String(n % 100).padStart(2, '0')}`;
  const sides =
    n % 3 === 0
      ? { source: { method: 'Wallet', vIban: `BW-${entity}`, entity: { id: entity } }, target: { method: 'External', iban: 'GB82WEST12345698765432' } }
      : { source: { method: 'External', iban: 'GB82WEST12345698765432' }, target: { method: 'Wallet', vIban: `BW-${entity}`, entity: { id: entity } } };
  return {
    ...sides,
    externalRef: `bench-${run}-${n}`,
    transactionDate: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    amount: amount === '0.00' ? '1.00' : amount,
    currency: 'Sar',
  };
}
