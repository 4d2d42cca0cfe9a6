/**
 * Back-test: replays the stored transactions of the last N days through a rule, the current version
 * and an edited config side by side, without writing anything. Each replayed transaction sees the
 * history as it stood at its own transactionDate (the same index-only window queries as live
 * evaluation, bounded by that date). Approximations, stated in the API description: open screening
 * matches and the newest relationship or bank account are today's, and "dormant wallet" uses the
 * entity's previous transaction on that side instead of the wallet's.
 */
import { AppError } from '@/lib/core/errors';
import { formatIso } from '@/lib/core/format';
import { sqlOf, type SqlQueryable } from '@/lib/db/sql';
import { withTenant } from '@/lib/db/tenant-tx';
import { countOpenMatches } from '@/lib/cases/open-matches';
import { getCountryRisks } from '@/lib/reference/country-risk';
import { evaluateRules, type RuleDefinition } from './engine';
import type { AddedTransaction } from './fact-batch';
import { memoizedWindow, newestLinkAt, queryWindow } from './facts';
import { toDefinition } from './load-rules';
import { validateConfig } from './manage-rules';
import type { Direction, Grade, RuleContext, TemplateName } from './templates';

/** At most this many stored transactions are replayed (newest first); the answer says how many were. */
export const BACKTEST_LIMIT = 20_000;

/** A stored transaction as the windows see it, with its sides' countries for the country rules. */
interface ReplayRow extends AddedTransaction {
  sourceCountry: string | null;
  targetCountry: string | null;
}

export async function backtestRule({
  tenantId,
  ruleId,
  days,
  config,
}: {
  tenantId: string;
  ruleId: string;
  days: number;
  config?: { template: TemplateName; params: Record<string, unknown> };
}) {
  const proposedConfig = config ? validateConfig(config) : undefined;
  const started = performance.now();
  const to = new Date();
  const from = new Date(to.getTime() - days * 86_400_000);
  return withTenant(tenantId, async (tx) => {
    const db = sqlOf(tx);
    const found = await db.query(
      `SELECT id, code, version, template, config, type, severity, "nameEn", "nameAr" FROM "TransactionRule" WHERE "tenantId" = $1::uuid AND id = $2::uuid`,
      [tenantId, ruleId],
    );
    if (!found.rows[0]) throw AppError.notFound();
    const current = toDefinition(found.rows[0]);
    const proposed: RuleDefinition | null = proposedConfig ? { ...current, template: proposedConfig.template, params: proposedConfig.params } : null;
    const rows = (
      await db.query<ReplayRow>(
        `SELECT id, amount::text AS amount, "currencyCode", "transactionDate", "sourceEntityId", "targetEntityId", "sourceCountry", "targetCountry"
           FROM "Transaction" WHERE "tenantId" = $1::uuid AND "transactionDate" > $2 AND "transactionDate" <= $3
          ORDER BY "transactionDate" DESC, id DESC LIMIT ${BACKTEST_LIMIT}`,
        [tenantId, from, to],
      )
    ).rows;
    const countries = [...new Set(rows.flatMap((r) => [r.sourceCountry, r.targetCountry]).filter((c): c is string => !!c))];
    const grades = countries.length ? await getCountryRisks(db, countries) : new Map();
    const matchCache = new Map<string, Promise<number>>();
    const openMatchCount = (entityId: string) => {
      let hit = matchCache.get(entityId);
      if (!hit) {
        hit = countOpenMatches({ tx, tenantId, entityId }).then((m) => m.local + m.public);
        matchCache.set(entityId, hit);
      }
      return hit;
    };
    const tally = { current: { alerts: 0, entities: new Set<string>() }, proposed: { alerts: 0, entities: new Set<string>() } };
    for (const row of rows) {
      const subjects: { entityId: string; direction: Direction; counterparty: string | null; country: string | null }[] = [];
      if (row.targetEntityId)
        subjects.push({ entityId: row.targetEntityId, direction: 'Credit', counterparty: row.sourceEntityId, country: row.sourceCountry });
      if (row.sourceEntityId && row.sourceEntityId !== row.targetEntityId)
        subjects.push({ entityId: row.sourceEntityId, direction: 'Debit', counterparty: row.targetEntityId, country: row.targetCountry });
      for (const s of subjects) {
        const ctx: RuleContext = {
          entityId: s.entityId,
          tx: {
            id: row.id,
            amount: row.amount,
            currencyCode: row.currencyCode,
            transactionDate: row.transactionDate,
            direction: s.direction,
            counterpartyCountry: s.country,
            counterpartyEntityId: s.counterparty,
          },
          window: memoizedWindow((q) => queryWindow(db, tenantId, s.entityId, row.transactionDate, q)),
          countryGrade: (code) => (grades.get(code)?.grade as Grade | undefined) ?? null,
          openMatchCount,
          walletLastTransactionAt: await previousTransactionAt(db, tenantId, s.entityId, s.direction, row.transactionDate),
          newestLinkAt: () => newestLinkAt(db, tenantId, s.entityId),
        };
        if ((await evaluateRules([current], ctx)).length) {
          tally.current.alerts += 1;
          tally.current.entities.add(s.entityId);
        }
        if (proposed && (await evaluateRules([proposed], ctx)).length) {
          tally.proposed.alerts += 1;
          tally.proposed.entities.add(s.entityId);
        }
      }
    }
    return {
      data: {
        days,
        from: formatIso(from)!,
        to: formatIso(to)!,
        transactions: rows.length,
        current: { version: current.version, alerts: tally.current.alerts, entities: tally.current.entities.size },
        proposed: proposed ? { alerts: tally.proposed.alerts, entities: tally.proposed.entities.size } : null,
        tookMs: Math.round(performance.now() - started),
      },
    };
  });
}

async function previousTransactionAt(db: SqlQueryable, tenantId: string, entityId: string, direction: Direction, before: Date): Promise<Date | null> {
  const column = direction === 'Credit' ? 'targetEntityId' : 'sourceEntityId';
  const rows = await db.query<{ at: Date | null }>(
    `SELECT max("transactionDate") AS at FROM "Transaction" WHERE "tenantId" = $1::uuid AND "${column}" = $2::uuid AND "transactionDate" < $3`,
    [tenantId, entityId, before],
  );
  return rows.rows[0]?.at ?? null;
}
