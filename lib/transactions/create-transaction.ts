/**
 * POST /transactions: stores a tenant's transaction, judges it with the tenant's Published rules
 * before answering (decisions.md, "Transactions and monitoring"), and gathers the alerts in each
 * entity's open TransactionMonitoring case. One database transaction: the row, wallets and balances,
 * alerts, case, outbox events and audit commit together or not at all.
 */
import crypto from 'node:crypto';
import { AppError } from '@/lib/core/errors';
import { prepared, sqlOf, type SqlQueryable } from '@/lib/db/sql';
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { emitEvent } from '@/lib/jobs/outbox';
import { refreshEntityScreening } from '@/lib/cases/refresh';
import { evaluateRules, highestSeverity, type FiredRule, type RuleDefinition } from './rules/engine';
import { factBatch } from './rules/fact-batch';
import type { Direction, Grade, RuleContext } from './rules/templates';
import { PUBLISHED_RULES_SQL, toDefinition, type RuleRow } from './rules/load-rules';
import { TRANSACTION_COLUMNS, finishTransactions, readTransactions, type TransactionRow } from './transaction-json';
import type { CreateTransactionInput, SideInput, TransactionOut } from './schemas';

interface Party {
  id: string;
  nationalityCode: string | null;
}

interface ResolvedSide {
  entity: Party | null;
  walletId: string | null;
  walletLastTransactionAt: Date | null;
  bankAccountId: string | null;
  country: string | null;
}

export interface CreateTransactionResult {
  created: boolean;
  data: TransactionOut;
}

/** A stable hash of the request: the same externalRef with this hash is a retry, with another a conflict. */
export function requestHashOf(body: CreateTransactionInput): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
          )
        : value;
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

export async function createTransaction({
  tenantId,
  body,
  actor,
  requestId,
}: {
  tenantId: string;
  body: CreateTransactionInput;
  actor: Actor;
  requestId?: string;
}): Promise<CreateTransactionResult> {
  const hash = requestHashOf(body);
  const currencyCode = body.currency.toUpperCase();
  const transactionDate = new Date(body.transactionDate);
  const loaded = await withTenant(tenantId, async (tx) => {
    const db = sqlOf(tx);
    const sourceEntity = await resolveEntity(tx, tenantId, body.source);
    const targetEntity = await resolveEntity(tx, tenantId, body.target);
    if (body.tagIds?.length) {
      const found = await tx.tag.count({ where: { tenantId, id: { in: body.tagIds } } });
      if (found !== new Set(body.tagIds).size) throw AppError.notFound();
    }
    if (body.correctsTransactionId && !(await tx.transaction.findFirst({ where: { tenantId, id: body.correctsTransactionId }, select: { id: true } }))) {
      throw AppError.notFound();
    }
    // One ingest at a time per entity (sorted, so two entities never deadlock): a rule's window must
    // see the entity's other transactions of the same instant, or concurrent parts of a structuring
    // pattern would each miss the others.
    const lockKeys = [...new Set([sourceEntity?.id, targetEntity?.id].filter((v): v is string => !!v))].sort().map((e) => `transactions:${tenantId}:${e}`);
    const existing = await lockAndFind(db, tenantId, lockKeys, body.externalRef, hash);
    if (existing) return { created: false, loaded: await readTransactions(db, tenantId, [existing]) };

    const source = await resolveSide(db, tenantId, body.source, 'source', sourceEntity, currencyCode);
    const target = await resolveSide(db, tenantId, body.target, 'target', targetEntity, currencyCode);
    const direction: Direction = target.entity ? 'Credit' : 'Debit';
    // The row, and in the same statement the tenant's Published rules and the countries' risk grades.
    const countries = [source.country, target.country].filter((c): c is string => !!c);
    const inserted = await db.query<{ id: string | null } & RulesAndGradesRow>(
      prepared(`WITH ins AS (INSERT INTO "Transaction" (id, "tenantId", "externalRef", "requestHash", "orderRef", "sourceSystem", "transactionDate", "valueDate", "settlementDate",
          amount, currency, "currencyCode", "exchangeRate", "paymentForm", "paymentType", "internalTransferReason", "securityDetails", "correctsTransactionId",
          source, target, "sourceEntityId", "targetEntityId", "sourceWalletId", "targetWalletId", "sourceBankAccountId", "targetBankAccountId",
          "sourceCountry", "targetCountry", direction, "tagIds", "updatedAt")
       VALUES (gen_random_uuid(), $1::uuid, $2, $3, $4, $5, $6, $7, $8, $9::numeric, $10, $11, $12::numeric, $13, $14, $15, $16::jsonb, $17::uuid,
          $18::jsonb, $19::jsonb, $20::uuid, $21::uuid, $22::uuid, $23::uuid, $24::uuid, $25::uuid, $26, $27, $28::"TransactionDirection", $29::uuid[], now())
       ON CONFLICT ("tenantId", "externalRef") DO NOTHING RETURNING id)
       SELECT (SELECT id FROM ins) AS id, ${RULES_AND_GRADES_COLUMNS('$30')}`),
      [
        tenantId,
        body.externalRef,
        hash,
        body.orderRef ?? null,
        body.sourceSystem,
        transactionDate,
        body.valueDate ? new Date(body.valueDate) : null,
        body.settlementDate ? new Date(body.settlementDate) : null,
        body.amount,
        body.currency,
        currencyCode,
        body.exchangeRate ?? null,
        body.paymentForm ?? null,
        body.paymentType ?? null,
        body.internalTransferReason ?? null,
        body.securityDetails ? JSON.stringify(body.securityDetails) : null,
        body.correctsTransactionId ?? null,
        JSON.stringify(storedSide(body.source)),
        JSON.stringify(storedSide(body.target)),
        source.entity?.id ?? null,
        target.entity?.id ?? null,
        source.walletId,
        target.walletId,
        source.bankAccountId,
        target.bankAccountId,
        source.country,
        target.country,
        direction,
        body.tagIds ?? [],
        [...new Set(countries)],
      ],
    );
    const id = inserted.rows[0]?.id;
    if (!id) {
      // A concurrent request with the same externalRef committed first: this is its retry (or a conflict).
      const winner = await findByExternalRef(db, tenantId, body.externalRef, hash);
      if (!winner) throw new AppError('CONFLICT');
      return { created: false, loaded: await readTransactions(db, tenantId, [winner]) };
    }

    const { rules, grades } = rulesAndGradesOf(inserted.rows[0]);
    const subjects: { entity: Party; direction: Direction; own: ResolvedSide; other: ResolvedSide }[] = [];
    if (target.entity) subjects.push({ entity: target.entity, direction: 'Credit', own: target, other: source });
    if (source.entity && source.entity.id !== target.entity?.id) subjects.push({ entity: source.entity, direction: 'Debit', own: source, other: target });
    const fired: { entityId: string; fired: FiredRule[] }[] = [];
    if (rules.length) {
      const facts = factBatch(db, tenantId);
      for (const subject of subjects) {
        const ctx: RuleContext = {
          entityId: subject.entity.id,
          tx: {
            id,
            amount: body.amount,
            currencyCode,
            transactionDate,
            direction: subject.direction,
            counterpartyCountry: subject.other.country,
            counterpartyEntityId: subject.other.entity?.id ?? null,
          },
          window: (q) => facts.window(subject.entity.id, transactionDate, q),
          countryGrade: (code) => (grades.get(code) as Grade | undefined) ?? null,
          openMatchCount: (entityId) => facts.openMatchCount(entityId),
          walletLastTransactionAt: subject.own.walletLastTransactionAt,
          newestLinkAt: () => facts.newestLinkAt(subject.entity.id),
        };
        const hits = await evaluateRules(rules, ctx);
        if (hits.length) fired.push({ entityId: subject.entity.id, fired: hits });
      }
    }
    const allHits = fired.flatMap((f) => f.fired);
    const blocked = allHits.some((h) => h.rule.type === 'Hard');
    const severity = highestSeverity(allHits.map((h) => h.rule.severity));
    const row = await settle(db, {
      tenantId,
      id,
      blocked,
      severity,
      sourceWalletId: blocked ? null : source.walletId,
      targetWalletId: blocked ? null : target.walletId,
      amount: body.amount,
      at: transactionDate,
      audit: {
        actor,
        requestId,
        after: {
          externalRef: body.externalRef,
          amount: body.amount,
          currency: body.currency,
          status: blocked ? 'Blocked' : 'Received',
          alerts: allHits.map((h) => h.rule.code),
        },
      },
    });
    for (const group of fired) await raiseAlerts(tx, db, { tenantId, entityId: group.entityId, transactionId: id, fired: group.fired, requestId });
    // A transaction stored a moment ago has no STR report, and alerts only if rules fired.
    return { created: true, loaded: await readTransactions(db, tenantId, [row], { noStrReports: true, noAlerts: !allHits.length }) };
  });
  const [data] = await finishTransactions(loaded.loaded);
  return { created: loaded.created, data: data! };
}

/**
 * Takes the entities' ingest locks (in key order, so two entities never deadlock) and looks the
 * externalRef up, in one statement. The lookup may not see a duplicate committed while this waited
 * for a lock (one snapshot per statement); the INSERT's ON CONFLICT catches that one.
 */
async function lockAndFind(db: SqlQueryable, tenantId: string, keys: string[], externalRef: string, hash: string): Promise<TransactionRow | null> {
  const rows = await db.query<TransactionRow & { requestHash: string | null; locked: number }>(
    prepared(`WITH locks AS MATERIALIZED (SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0))::text)::int AS locked FROM (SELECT unnest($3::text[]) AS k ORDER BY 1) keys)
     SELECT locks.locked, ${TRANSACTION_COLUMNS}, t."requestHash"
       FROM locks LEFT JOIN "Transaction" t ON t."tenantId" = $1::uuid AND t."externalRef" = $2`),
    [tenantId, externalRef, keys],
  );
  const row = rows.rows[0];
  if (!row || row.requestHash === null || row.requestHash === undefined) return null;
  if (row.requestHash !== hash) throw new AppError('DUPLICATE_EXTERNAL_REF');
  const { requestHash: _hash, locked: _locked, ...rest } = row;
  return rest;
}

async function findByExternalRef(db: SqlQueryable, tenantId: string, externalRef: string, hash: string): Promise<TransactionRow | null> {
  const rows = await db.query<TransactionRow & { requestHash: string }>(
    `SELECT ${TRANSACTION_COLUMNS}, t."requestHash" FROM "Transaction" t WHERE t."tenantId" = $1::uuid AND t."externalRef" = $2`,
    [tenantId, externalRef],
  );
  const row = rows.rows[0];
  if (!row) return null;
  if (row.requestHash !== hash) throw new AppError('DUPLICATE_EXTERNAL_REF');
  const { requestHash: _hash, ...rest } = row;
  return rest;
}

async function resolveEntity(tx: Tx, tenantId: string, side: SideInput): Promise<Party | null> {
  if (!side.entity) return null;
  const { id, crmId } = side.entity;
  const found = await tx.entity.findFirst({
    where: { tenantId, ...(id ? { id } : {}), ...(crmId ? { crmId } : {}) },
    select: { id: true, nationalityCode: true },
  });
  if (!found) throw AppError.notFound();
  return found;
}

const storedSide = (side: SideInput) => ({
  method: side.method,
  ...(side.vIban ? { vIban: side.vIban } : {}),
  ...(side.iban ? { iban: normalizeIban(side.iban) } : {}),
  ...(side.countryCode ? { countryCode: side.countryCode } : {}),
});
const normalizeIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

async function resolveSide(
  db: SqlQueryable,
  tenantId: string,
  side: SideInput,
  name: string,
  named: Party | null,
  currencyCode: string,
): Promise<ResolvedSide> {
  let entity = named;
  let walletId: string | null = null;
  let walletLastTransactionAt: Date | null = null;
  let bankAccountId: string | null = null;
  if (side.method === 'Wallet' && side.vIban) {
    let wallet = (
      await db.query<{ id: string; entityId: string; currency: string; lastTransactionAt: Date | null }>(
        prepared(`SELECT id, "entityId", currency, "lastTransactionAt" FROM "Wallet" WHERE "tenantId" = $1::uuid AND "vIban" = $2`),
        [tenantId, side.vIban],
      )
    ).rows[0];
    if (!wallet && entity) {
      // An unknown vIban of a known entity: its Draft wallet (decisions.md). Concurrent creators meet on the unique vIban.
      await db.query(
        `INSERT INTO "Wallet" (id, "tenantId", "entityId", currency, "vIban", "updatedAt") VALUES (gen_random_uuid(), $1::uuid, $2::uuid, $3, $4, now())
         ON CONFLICT ("tenantId", "vIban") DO NOTHING`,
        [tenantId, entity.id, currencyCode, side.vIban],
      );
      wallet = (
        await db.query(`SELECT id, "entityId", currency, "lastTransactionAt" FROM "Wallet" WHERE "tenantId" = $1::uuid AND "vIban" = $2`, [
          tenantId,
          side.vIban,
        ])
      ).rows[0];
    }
    if (wallet) {
      if (entity && wallet.entityId !== entity.id) throw AppError.validation(`${name}.vIban: this wallet belongs to another entity`);
      if (wallet.currency !== currencyCode) throw AppError.validation(`currency: the wallet ${side.vIban} holds ${wallet.currency}`);
      if (!entity)
        entity =
          (await db.query<Party>(`SELECT id, "nationalityCode" FROM "Entity" WHERE "tenantId" = $1::uuid AND id = $2::uuid`, [tenantId, wallet.entityId]))
            .rows[0] ?? null;
      walletId = wallet.id;
      walletLastTransactionAt = wallet.lastTransactionAt;
    }
  }
  if (side.method === 'BankAccount' && side.iban && entity) {
    const account = (
      await db.query<{ id: string }>(prepared(`SELECT id FROM "BankAccount" WHERE "tenantId" = $1::uuid AND "entityId" = $2::uuid AND iban = $3`), [
        tenantId,
        entity.id,
        normalizeIban(side.iban),
      ])
    ).rows[0];
    bankAccountId = account?.id ?? null;
  }
  const ibanCountry = side.iban && /^[A-Za-z]{2}\d/.test(normalizeIban(side.iban)) ? normalizeIban(side.iban).slice(0, 2) : null;
  return { entity, walletId, walletLastTransactionAt, bankAccountId, country: side.countryCode ?? ibanCountry ?? entity?.nationalityCode ?? null };
}

/**
 * The judged transaction's outcome in one statement: its status (Blocked by a Hard rule) and
 * severity, the wallets' balances (Debit the source, Credit the target; never for a blocked one),
 * and the stored row to answer with. Exact decimals: the amount stays a numeric string.
 */
async function settle(
  db: SqlQueryable,
  p: {
    tenantId: string;
    id: string;
    blocked: boolean;
    severity: string | null;
    sourceWalletId: string | null;
    targetWalletId: string | null;
    amount: string;
    at: Date;
    /** The `transaction.create` audit entry, written by the same statement. */
    audit: { actor: Actor; requestId?: string; after: unknown };
  },
): Promise<TransactionRow> {
  const move = (param: string, sign: '+' | '-') =>
    `UPDATE "Wallet" SET "availableBalance" = "availableBalance" ${sign} $5::numeric,
            "lastTransactionAt" = greatest("lastTransactionAt", $6::timestamptz), "dormantAt" = NULL, "updatedAt" = now()
      WHERE "tenantId" = $1::uuid AND id = ${param}::uuid RETURNING id`;
  const flagged = p.blocked || p.severity !== null;
  const rows = await db.query<TransactionRow>(
    prepared(`WITH source_wallet AS (${move('$3', '-')}), target_wallet AS (${move('$4', '+')}),
          audit AS (INSERT INTO "AuditLog" (id, "tenantId", "actorType", "actorId", action, "targetType", "targetId", after, "requestId")
                    VALUES (gen_random_uuid(), $1::uuid, $7, $8, 'transaction.create', 'Transaction', $2::text, $9::jsonb, $10))${
                      flagged
                        ? `, t AS (UPDATE "Transaction" SET status = $11::"TransactionStatus", "isBlocked" = $12, "suspiciousSeverity" = $13::"AlertSeverity"
                  WHERE "tenantId" = $1::uuid AND id = $2::uuid RETURNING *)
           SELECT ${TRANSACTION_COLUMNS} FROM t`
                        : ` SELECT ${TRANSACTION_COLUMNS} FROM "Transaction" t WHERE t."tenantId" = $1::uuid AND t.id = $2::uuid`
                    }`),
    [
      p.tenantId,
      p.id,
      p.sourceWalletId,
      p.targetWalletId,
      p.amount,
      p.at,
      p.audit.actor.type,
      p.audit.actor.id ?? null,
      JSON.stringify(p.audit.after),
      p.audit.requestId ?? null,
      ...(flagged ? [p.blocked ? 'Blocked' : 'Received', p.blocked, p.severity] : []),
    ],
  );
  return rows.rows[0]!;
}

interface RulesAndGradesRow {
  rules: RuleRow[] | string | null;
  grades: Record<string, string> | string | null;
}

/** Select-list columns: the tenant's (`$1`) Published rules in code order and the risk grade of the countries in `countriesParam`. */
const RULES_AND_GRADES_COLUMNS = (countriesParam: string) =>
  `(SELECT json_agg(r ORDER BY r.code) FROM (${PUBLISHED_RULES_SQL}) r) AS rules,
   (SELECT json_object_agg(c.code, c.grade) FROM "CountryRisk" c WHERE c.code = ANY(${countriesParam}::text[])) AS grades`;

function rulesAndGradesOf(row: RulesAndGradesRow | undefined): { rules: RuleDefinition[]; grades: Map<string, string> } {
  const parse = <T>(v: T | string | null | undefined) => (typeof v === 'string' ? (JSON.parse(v) as T) : (v ?? null));
  return { rules: (parse(row?.rules) ?? []).map(toDefinition), grades: new Map(Object.entries(parse(row?.grades) ?? {})) };
}

/** Alerts of one entity for one transaction, in its open TransactionMonitoring case (created when it has none). */
async function raiseAlerts(
  tx: Tx,
  db: SqlQueryable,
  {
    tenantId,
    entityId,
    transactionId,
    fired,
    requestId,
  }: { tenantId: string; entityId: string; transactionId: string; fired: FiredRule[]; requestId?: string },
) {
  const { id: caseId, created } = await openMonitoringCase(db, tenantId, entityId);
  for (const { rule, outcome } of fired) {
    const ids = [transactionId, ...outcome.transactionIds.filter((t) => t !== transactionId)];
    const alert = (
      await db.query<{ id: string }>(
        `INSERT INTO "TransactionAlert" (id, "tenantId", "caseId", "entityId", "transactionId", "transactionIds", "ruleId", "ruleVersion", "ruleSnapshot",
            severity, "reasonEn", "reasonAr", tags, "updatedAt")
         VALUES (gen_random_uuid(), $1::uuid, $2::uuid, $3::uuid, $4::uuid, $5::uuid[], $6::uuid, $7, $8::jsonb, $9::"AlertSeverity", $10, $11, $12::text[], now())
         RETURNING id`,
        [
          tenantId,
          caseId,
          entityId,
          transactionId,
          ids,
          rule.id,
          rule.version,
          JSON.stringify(snapshotOf(rule)),
          rule.severity,
          outcome.reasonEn,
          outcome.reasonAr,
          [rule.template],
        ],
      )
    ).rows[0]!;
    await emitEvent(tx, {
      tenantId,
      type: 'TransactionAlertCreated',
      data: { alertId: alert.id, transactionId, entityId, severity: rule.severity, ruleCode: rule.code },
    });
    await writeAudit(tx, {
      tenantId,
      actor: { type: 'system' },
      action: 'transactionAlert.create',
      targetType: 'TransactionAlert',
      targetId: alert.id,
      after: { caseId, ruleCode: rule.code, ruleVersion: rule.version, severity: rule.severity, reason: outcome.reasonEn },
      requestId,
    });
  }
  await db.query(
    `UPDATE "Case" SET "matchedAt" = now(), "updatedAt" = now(), status = CASE WHEN status = 'PendingApproval' THEN 'InReview'::"CaseStatus" ELSE status END,
            "makerUserId" = CASE WHEN status = 'PendingApproval' THEN NULL ELSE "makerUserId" END
      WHERE "tenantId" = $1::uuid AND id = $2::uuid`,
    [tenantId, caseId],
  );
  // A new case counts in the entity's caseCount (screening and transaction-monitoring cases alike) and puts it under review.
  if (created) await refreshEntityScreening(tx, tenantId, [entityId]);
}

export function snapshotOf(rule: RuleDefinition) {
  return {
    id: rule.id,
    code: rule.code,
    version: rule.version,
    template: rule.template,
    nameEn: rule.nameEn,
    nameAr: rule.nameAr,
    type: rule.type,
    config: { template: rule.template, params: rule.params },
  };
}

async function openMonitoringCase(db: SqlQueryable, tenantId: string, entityId: string): Promise<{ id: string; created: boolean }> {
  const find = () =>
    db.query<{ id: string }>(
      `SELECT id FROM "Case" WHERE "tenantId" = $1::uuid AND "entityId" = $2::uuid AND kind = 'TransactionMonitoring' AND status <> 'Closed'`,
      [tenantId, entityId],
    );
  const existing = (await find()).rows[0];
  if (existing) return { id: existing.id, created: false };
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO "Case" (id, "tenantId", kind, "entityId", status, "matchedAt", "updatedAt") VALUES (gen_random_uuid(), $1::uuid, 'TransactionMonitoring', $2::uuid, 'Pending', now(), now())
     ON CONFLICT ("tenantId", "entityId") WHERE kind = 'TransactionMonitoring' AND status <> 'Closed' DO NOTHING RETURNING id`,
    [tenantId, entityId],
  );
  if (inserted.rows[0]) return { id: inserted.rows[0].id, created: true };
  return { id: (await find()).rows[0]!.id, created: false };
}
