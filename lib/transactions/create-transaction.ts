/**
 * POST /transactions: stores a tenant's transaction, judges it with the tenant's Published rules
 * before answering (decisions.md, "Transactions and monitoring"), and gathers the alerts in each
 * entity's open TransactionMonitoring case. One database transaction: the row, wallets and balances,
 * alerts, case, outbox events and audit commit together or not at all.
 */
import crypto from 'node:crypto';
import { AppError } from '@/lib/core/errors';
import { prepared, sqlOfClient, withPipelinedTenantConnection, type SqlQueryable } from '@/lib/db/sql';
import type { Actor } from '@/lib/audit/write-audit';
import { refreshEntityScreeningSql } from '@/lib/cases/refresh';
import type { TagOut } from '@/lib/tags/schemas';
import { evaluateRules, highestSeverity, type FiredRule, type RuleDefinition } from './rules/engine';
import { factBatch } from './rules/fact-batch';
import type { Direction, Grade, RuleContext } from './rules/templates';
import { PUBLISHED_RULES_SQL, toDefinition, type RuleRow } from './rules/load-rules';
import {
  NO_ALERTS,
  TRANSACTION_COLUMNS,
  WALLET_COLUMNS,
  finishTransactions,
  readTransactions,
  walletOut,
  type LoadedTransactions,
  type TransactionRow,
  type WalletRow,
} from './transaction-json';
import type { CreateTransactionInput, SideInput, TransactionOut } from './schemas';

/** An entity named by a side (or owning its wallet): what the rules and the answer need. */
interface Party {
  id: string;
  nationalityCode: string | null;
  crmId: string | null;
  type: string;
  nameEn: string | null;
  nameAr: string | null;
}

type BankRow = NonNullable<TransactionOut['sourceBankAccount']>;

interface ResolvedSide {
  entity: Party | null;
  walletId: string | null;
  walletLastTransactionAt: Date | null;
  bank: BankRow | null;
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

/** The work's outcome; `loaded` may still be on its way when the work returns (pipelined behind COMMIT). */
type Answer = { created: boolean; loaded: LoadedTransactions | Promise<LoadedTransactions> };

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
  // One plain pooled connection in a tenant-scoped transaction (row-level security), every statement
  // prepared once per connection: the ORM's per-query work was most of this route's CPU.
  const loaded = await withPipelinedTenantConnection(tenantId, async (client): Promise<Answer> => {
    const db = sqlOfClient(client);
    const resolved = await resolveAndLock(db, tenantId, body, hash);
    if (resolved.existing) return { created: false, loaded: await readTransactions(db, tenantId, [resolved.existing]) };

    const wallets = await resolveWallets(db, tenantId, body, resolved, currencyCode);
    const source = sideOf(body.source, resolved.source, wallets.source, resolved.sourceBank, 'source', currencyCode);
    const target = sideOf(body.target, resolved.target, wallets.target, resolved.targetBank, 'target', currencyCode);
    const direction: Direction = target.entity ? 'Credit' : 'Debit';
    const grades = new Map([...resolved.grades, ...wallets.grades]);
    const id = crypto.randomUUID();
    const rules = resolved.rules;
    const subjects: { entity: Party; direction: Direction; own: ResolvedSide; other: ResolvedSide }[] = [];
    if (target.entity) subjects.push({ entity: target.entity, direction: 'Credit', own: target, other: source });
    if (source.entity && source.entity.id !== target.entity?.id) subjects.push({ entity: source.entity, direction: 'Debit', own: source, other: target });
    // The rules start before the INSERT: their first history questions ride in the INSERT's statement
    // (fact-batch.ts adds the new row to those answers), later ones follow it.
    const facts = factBatch(db, tenantId, { held: true });
    const judging = Promise.all(
      (rules.length ? subjects : []).map(async (subject) => {
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
        return { entityId: subject.entity.id, fired: await evaluateRules(rules, ctx) };
      }),
    );
    // Settled below, or abandoned with the INSERT (a duplicate, or an error): never an unhandled rejection.
    judging.catch(() => {});
    // Every rule has asked its first questions once the event loop turns (as fact-batch's own flush).
    if (rules.length && subjects.length) await new Promise((resolve) => setImmediate(resolve));
    const row = await facts.sendWith<TransactionRow>(
      (
        questions,
      ) => `WITH ins AS (INSERT INTO "Transaction" AS t (id, "tenantId", "externalRef", "requestHash", "orderRef", "sourceSystem", "transactionDate", "valueDate", "settlementDate",
          amount, currency, "currencyCode", "exchangeRate", "paymentForm", "paymentType", "internalTransferReason", "securityDetails", "correctsTransactionId",
          source, target, "sourceEntityId", "targetEntityId", "sourceWalletId", "targetWalletId", "sourceBankAccountId", "targetBankAccountId",
          "sourceCountry", "targetCountry", direction, "tagIds", "updatedAt")
       VALUES ($30::uuid, $1::uuid, $2, $3, $4, $5, $6, $7, $8, $9::numeric, $10, $11, $12::numeric, $13, $14, $15, $16::jsonb, $17::uuid,
          $18::jsonb, $19::jsonb, $20::uuid, $21::uuid, $22::uuid, $23::uuid, $24::uuid, $25::uuid, $26, $27, $28::"TransactionDirection", $29::uuid[], now())
       ON CONFLICT ("tenantId", "externalRef") DO NOTHING RETURNING ${TRANSACTION_COLUMNS})
       SELECT ins.*${questions} FROM ins`,
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
        source.bank?.id ?? null,
        target.bank?.id ?? null,
        source.country,
        target.country,
        direction,
        body.tagIds ?? [],
        id,
      ],
      (r) => ({ id: r.id, amount: r.amount, currencyCode, transactionDate, sourceEntityId: r.sourceEntityId, targetEntityId: r.targetEntityId }),
    );
    if (!row) {
      // A concurrent request with the same externalRef committed first: this is its retry (or a conflict).
      const winner = await findByExternalRef(db, tenantId, body.externalRef, hash);
      if (!winner) throw new AppError('CONFLICT');
      return { created: false, loaded: await readTransactions(db, tenantId, [winner]) };
    }
    const fired = (await judging).filter((f) => f.fired.length);
    const allHits = fired.flatMap((f) => f.fired);
    const blocked = allHits.some((h) => h.rule.type === 'Hard');
    const severity = highestSeverity(allHits.map((h) => h.rule.severity));
    const moving = settle(db, {
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
    const judged: TransactionRow = { ...row, status: blocked ? 'Blocked' : 'Received', isBlocked: blocked, suspiciousSeverity: severity };
    if (allHits.length) {
      await moving;
      for (const group of fired) await raiseAlerts(db, { tenantId, entityId: group.entityId, transactionId: id, fired: group.fired, requestId });
      // Rare: the alerts, and the wallets as they are (a blocked transaction moved nothing), read back.
      return { created: true, loaded: await readTransactions(db, tenantId, [judged], { noStrReports: true }) };
    }
    // The answer from what this request read and wrote: no read-back. A new transaction has no STR report.
    // Nothing follows the settling statement: COMMIT goes right behind it (pipelined), and the answer
    // is built once it is back. Should it fail, the COMMIT finds the transaction aborted and rolls it
    // back, and awaiting `loaded` throws its error.
    const parties = [source.entity, target.entity].filter((e): e is Party => !!e);
    const answer = moving.then((moved) => ({
      rows: [judged],
      parties: new Map(parties.map((e) => [e.id, { id: e.id, crmId: e.crmId, type: e.type, nameEn: e.nameEn, nameAr: e.nameAr }])),
      wallets: new Map(moved.map((w) => [w.id, walletOut(w)])),
      banks: new Map([source.bank, target.bank].filter((b): b is BankRow => !!b).map((b) => [b.id, b])),
      strs: new Map(),
      tags: new Map(resolved.tags.map((t) => [t.id, t])),
      alerts: NO_ALERTS,
    }));
    answer.catch(() => {}); // awaited after the COMMIT; never an unhandled rejection should the COMMIT fail first
    return { created: true, loaded: answer };
  });
  const [data] = await finishTransactions(await loaded.loaded);
  return { created: loaded.created, data: data! };
}

interface Resolved {
  existing: TransactionRow | null;
  source: Party | null;
  target: Party | null;
  sourceBank: BankRow | null;
  targetBank: BankRow | null;
  rules: RuleDefinition[];
  grades: Map<string, string>;
  tags: TagOut[];
}

const ENTITY_FIELDS = `e.id, e."nationalityCode", e."crmId", e.type::text AS type, e."nameEn", e."nameAr"`;

/**
 * One statement before anything is written: the named entities (by id and/or crmId), the entities'
 * ingest locks (in key order, so two entities never deadlock), the externalRef lookup, the named
 * entities' bank accounts by IBAN, the tags, the corrected transaction, the tenant's Published rules
 * and the risk grades of the countries the sides may have. The lookup may not see a duplicate
 * committed while this waited for a lock (one snapshot per statement); the INSERT's ON CONFLICT
 * catches that one. Wallets are read after the lock (resolveWallets), so a wallet's last transaction
 * is the latest one.
 */
async function resolveAndLock(db: SqlQueryable, tenantId: string, body: CreateTransactionInput, hash: string): Promise<Resolved> {
  const params: unknown[] = [tenantId];
  const p = (v: unknown) => `$${params.push(v)}`;
  const ctes: string[] = [];
  const named = (side: SideInput, name: 'src' | 'tgt') => {
    if (!side.entity) return;
    const where = [side.entity.id ? `e.id = ${p(side.entity.id)}::uuid` : '', side.entity.crmId ? `e."crmId" = ${p(side.entity.crmId)}` : ''].filter(Boolean);
    ctes.push(`${name} AS MATERIALIZED (SELECT ${ENTITY_FIELDS} FROM "Entity" e WHERE e."tenantId" = $1::uuid AND ${where.join(' AND ')} LIMIT 1)`);
  };
  named(body.source, 'src');
  named(body.target, 'tgt');
  const has = (name: 'src' | 'tgt') => ctes.some((c) => c.startsWith(`${name} `));
  const namedIds = [has('src') ? 'SELECT id FROM src' : '', has('tgt') ? 'SELECT id FROM tgt' : ''].filter(Boolean);
  const lockKeys = namedIds.length
    ? `SELECT DISTINCT 'transactions:' || $1::uuid::text || ':' || ids.id::text AS k FROM (${namedIds.join(' UNION ALL ')}) ids ORDER BY 1`
    : `SELECT NULL::text AS k WHERE false`;
  ctes.push(`locks AS MATERIALIZED (SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0))::text)::int AS locked FROM (${lockKeys}) keys)`);
  const bank = (side: SideInput, name: 'src' | 'tgt') =>
    side.method === 'BankAccount' && side.iban && has(name)
      ? `(SELECT row_to_json(b) FROM (SELECT b.id, b."entityId", b.iban, b."bankNameEn", b."bankNameAr" FROM "BankAccount" b
            WHERE b."tenantId" = $1::uuid AND b."entityId" = (SELECT id FROM ${name}) AND b.iban = ${p(normalizeIban(side.iban))} LIMIT 1) b)`
      : 'NULL::json';
  const countries = [...new Set([body.source, body.target].flatMap((s) => [s.countryCode, ibanCountryOf(s.iban)]).filter((c): c is string => !!c))];
  const nationalities = [has('src') ? 'SELECT "nationalityCode" FROM src' : '', has('tgt') ? 'SELECT "nationalityCode" FROM tgt' : ''].filter(Boolean);
  const tagIds = body.tagIds?.length ? [...new Set(body.tagIds)] : [];
  const columns = [
    'locks.locked',
    `${has('src') ? '(SELECT row_to_json(src) FROM src)' : 'NULL::json'} AS "sourceEntity"`,
    `${has('tgt') ? '(SELECT row_to_json(tgt) FROM tgt)' : 'NULL::json'} AS "targetEntity"`,
    `${bank(body.source, 'src')} AS "sourceBank"`,
    `${bank(body.target, 'tgt')} AS "targetBank"`,
    `(SELECT json_agg(r ORDER BY r.code) FROM (${PUBLISHED_RULES_SQL}) r) AS rules`,
    // One array of codes, so the lookup is an index probe per code (an OR with a subquery read the whole table).
    `(SELECT json_object_agg(c.code, c.grade) FROM "CountryRisk" c WHERE c.code = ANY(${p(countries)}::text[]${
      nationalities.length ? ` || ARRAY(${nationalities.join(' UNION ALL ')})` : ''
    })) AS grades`,
    tagIds.length
      ? `(SELECT json_agg(crm_tag_json(tg)) FROM "Tag" tg WHERE tg."tenantId" = $1::uuid AND tg.id = ANY(${p(tagIds)}::uuid[])) AS tags`
      : 'NULL::json AS tags',
    body.correctsTransactionId
      ? `EXISTS (SELECT 1 FROM "Transaction" c WHERE c."tenantId" = $1::uuid AND c.id = ${p(body.correctsTransactionId)}::uuid) AS corrects`
      : 'true AS corrects',
    // Only the stored request's hash: a retry (rare) reads its transaction with findByExternalRef.
    't."requestHash"',
  ];
  const rows = await db.query<{
    requestHash: string | null;
    sourceEntity: Party | null;
    targetEntity: Party | null;
    sourceBank: BankRow | null;
    targetBank: BankRow | null;
    rules: RuleRow[] | null;
    grades: Record<string, string> | null;
    tags: TagOut[] | null;
    corrects: boolean;
  }>(
    prepared(`WITH ${ctes.join(',\n')}
     SELECT ${columns.join(',\n')}
       FROM locks LEFT JOIN "Transaction" t ON t."tenantId" = $1::uuid AND t."externalRef" = ${p(body.externalRef)}`),
    params,
  );
  const row = rows.rows[0]!;
  if ((body.source.entity && !row.sourceEntity) || (body.target.entity && !row.targetEntity)) throw AppError.notFound();
  if (row.requestHash !== null && row.requestHash !== undefined) {
    if (row.requestHash !== hash) throw new AppError('DUPLICATE_EXTERNAL_REF');
    // Under the entities' ingest lock, so the stored transaction is there to read.
    const existing = await findByExternalRef(db, tenantId, body.externalRef, hash);
    if (!existing) throw new AppError('CONFLICT');
    return { existing, source: null, target: null, sourceBank: null, targetBank: null, rules: [], grades: new Map(), tags: [] };
  }
  if ((row.tags?.length ?? 0) !== tagIds.length) throw AppError.notFound();
  if (!row.corrects) throw AppError.notFound();
  return {
    existing: null,
    source: row.sourceEntity,
    target: row.targetEntity,
    sourceBank: row.sourceBank,
    targetBank: row.targetBank,
    rules: (row.rules ?? []).map(toDefinition),
    grades: new Map(Object.entries(row.grades ?? {})),
    tags: row.tags ?? [],
  };
}

interface WalletFound {
  id: string;
  entityId: string;
  currency: string;
  lastTransactionAt: string | null;
  owner: (Party & { grade: string | null }) | null;
}

/**
 * The sides' wallets by vIban, after the ingest lock, in one statement: an unknown vIban of a named
 * entity creates its Draft wallet (decisions.md) in the same statement. Concurrent creators meet on
 * the unique vIban; the loser reads the winner's wallet in a second statement (its snapshot sees it).
 * With each wallet, its owner (the side's entity when the side names none) and the owner's risk grade.
 */
async function resolveWallets(
  db: SqlQueryable,
  tenantId: string,
  body: CreateTransactionInput,
  resolved: Resolved,
  currencyCode: string,
): Promise<{ source: WalletFound | null; target: WalletFound | null; grades: Map<string, string> }> {
  const wanted = (side: SideInput) => side.method === 'Wallet' && !!side.vIban;
  if (!wanted(body.source) && !wanted(body.target)) return { source: null, target: null, grades: new Map() };
  const params: unknown[] = [tenantId];
  const p = (v: unknown) => `$${params.push(v)}`;
  const ctes: string[] = [];
  const columns: string[] = [];
  const owner = (name: string) =>
    `(SELECT row_to_json(x) FROM (SELECT w.id, w."entityId", w.currency, w."lastTransactionAt",
        (SELECT row_to_json(o) FROM (SELECT ${ENTITY_FIELDS}, (SELECT c.grade FROM "CountryRisk" c WHERE c.code = e."nationalityCode") AS grade
                                       FROM "Entity" e WHERE e."tenantId" = $1::uuid AND e.id = w."entityId") o) AS owner
        FROM ${name} w LIMIT 1) x)`;
  for (const [name, side, entity] of [
    ['source', body.source, resolved.source],
    ['target', body.target, resolved.target],
  ] as const) {
    if (!wanted(side)) {
      columns.push(`NULL::json AS ${name}`);
      continue;
    }
    const vIban = p(side.vIban);
    ctes.push(`${name}_found AS (SELECT id, "entityId", currency, "lastTransactionAt" FROM "Wallet" WHERE "tenantId" = $1::uuid AND "vIban" = ${vIban})`);
    if (entity) {
      ctes.push(`${name}_new AS (INSERT INTO "Wallet" (id, "tenantId", "entityId", currency, "vIban", "updatedAt")
          SELECT gen_random_uuid(), $1::uuid, ${p(entity.id)}::uuid, ${p(currencyCode)}, ${vIban}, now() WHERE NOT EXISTS (SELECT 1 FROM ${name}_found)
          ON CONFLICT ("tenantId", "vIban") DO NOTHING RETURNING id, "entityId", currency, "lastTransactionAt")`);
      ctes.push(`${name}_w AS (SELECT * FROM ${name}_found UNION ALL SELECT * FROM ${name}_new)`);
    } else {
      ctes.push(`${name}_w AS (SELECT * FROM ${name}_found)`);
    }
    columns.push(`${owner(`${name}_w`)} AS ${name}`);
  }
  const statement = prepared(`WITH ${ctes.join(',\n')} SELECT ${columns.join(', ')}`);
  let row = (await db.query<{ source: WalletFound | null; target: WalletFound | null }>(statement, params)).rows[0]!;
  const lost = (name: 'source' | 'target', entity: Party | null) => wanted(body[name]) && !!entity && !row[name];
  if (lost('source', resolved.source) || lost('target', resolved.target)) {
    // Another request created the wallet after this statement's snapshot: it is visible now.
    row = (await db.query<{ source: WalletFound | null; target: WalletFound | null }>(statement, params)).rows[0]!;
  }
  const grades = new Map<string, string>();
  for (const w of [row.source, row.target]) if (w?.owner?.nationalityCode && w.owner.grade) grades.set(w.owner.nationalityCode, w.owner.grade);
  return { source: row.source, target: row.target, grades };
}

function sideOf(side: SideInput, named: Party | null, wallet: WalletFound | null, bank: BankRow | null, name: string, currencyCode: string): ResolvedSide {
  let entity = named;
  if (wallet) {
    if (entity && wallet.entityId !== entity.id) throw AppError.validation(`${name}.vIban: this wallet belongs to another entity`);
    if (wallet.currency !== currencyCode) throw AppError.validation(`currency: the wallet ${side.vIban} holds ${wallet.currency}`);
    if (!entity && wallet.owner) {
      const { grade: _grade, ...owner } = wallet.owner;
      entity = owner;
    }
  }
  return {
    entity,
    walletId: wallet?.id ?? null,
    walletLastTransactionAt: wallet?.lastTransactionAt ? new Date(wallet.lastTransactionAt) : null,
    bank,
    country: side.countryCode ?? ibanCountryOf(side.iban) ?? entity?.nationalityCode ?? null,
  };
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

const storedSide = (side: SideInput) => ({
  method: side.method,
  ...(side.vIban ? { vIban: side.vIban } : {}),
  ...(side.iban ? { iban: normalizeIban(side.iban) } : {}),
  ...(side.countryCode ? { countryCode: side.countryCode } : {}),
});
const normalizeIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();
const ibanCountryOf = (iban: string | undefined) => (iban && /^[A-Za-z]{2}\d/.test(normalizeIban(iban)) ? normalizeIban(iban).slice(0, 2) : null);

/**
 * The judged transaction's outcome in one statement: its status (Blocked by a Hard rule) and
 * severity, the wallets' balances (Debit the source, Credit the target; never for a blocked one)
 * and the `transaction.create` audit entry; answers the moved wallets as they are now. Exact
 * decimals: the amount stays a numeric string, balances move with numeric arithmetic.
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
): Promise<WalletRow[]> {
  const move = (param: string, sign: '+' | '-') =>
    `UPDATE "Wallet" SET "availableBalance" = "availableBalance" ${sign} $5::numeric,
            "lastTransactionAt" = greatest("lastTransactionAt", $6::timestamptz), "dormantAt" = NULL, "updatedAt" = now()
      WHERE "tenantId" = $1::uuid AND id = ${param}::uuid RETURNING ${WALLET_COLUMNS}`;
  const flagged = p.blocked || p.severity !== null;
  const rows = await db.query<WalletRow>(
    prepared(`WITH source_wallet AS (${move('$3', '-')}), target_wallet AS (${move('$4', '+')}),
          audit AS (INSERT INTO "AuditLog" (id, "tenantId", "actorType", "actorId", action, "targetType", "targetId", after, "requestId")
                    VALUES (gen_random_uuid(), $1::uuid, $7, $8, 'transaction.create', 'Transaction', $2::text, $9::jsonb, $10))${
                      flagged
                        ? `, t AS (UPDATE "Transaction" SET status = $11::"TransactionStatus", "isBlocked" = $12, "suspiciousSeverity" = $13::"AlertSeverity"
                  WHERE "tenantId" = $1::uuid AND id = $2::uuid)`
                        : ''
                    }
       SELECT * FROM source_wallet UNION ALL SELECT * FROM target_wallet`),
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
  return rows.rows;
}

/**
 * Alerts of one entity for one transaction, in its open TransactionMonitoring case (created when it
 * has none). Each alert is one statement: the alert, its `TransactionAlertCreated` outbox event (the
 * outbox trigger enqueues its delivery) and its `transactionAlert.create` audit entry.
 */
async function raiseAlerts(
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
    const alertId = crypto.randomUUID();
    const event = { alertId, transactionId, entityId, severity: rule.severity, ruleCode: rule.code };
    const audit = { caseId, ruleCode: rule.code, ruleVersion: rule.version, severity: rule.severity, reason: outcome.reasonEn };
    await db.query(
      prepared(`WITH alert AS (INSERT INTO "TransactionAlert" (id, "tenantId", "caseId", "entityId", "transactionId", "transactionIds", "ruleId", "ruleVersion", "ruleSnapshot",
            severity, "reasonEn", "reasonAr", tags, "updatedAt")
         VALUES ($2::uuid, $1::uuid, $3::uuid, $4::uuid, $5::uuid, $6::uuid[], $7::uuid, $8, $9::jsonb, $10::"AlertSeverity", $11, $12, $13::text[], now())),
       event AS (INSERT INTO "OutboxEvent" (id, "tenantId", type, payload) VALUES (gen_random_uuid(), $1::uuid, 'TransactionAlertCreated', $14::jsonb))
       INSERT INTO "AuditLog" (id, "tenantId", "actorType", "actorId", action, "targetType", "targetId", after, "requestId")
       VALUES (gen_random_uuid(), $1::uuid, 'system', NULL, 'transactionAlert.create', 'TransactionAlert', $2::text, $15::jsonb, $16)`),
      [
        tenantId,
        alertId,
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
        JSON.stringify(event),
        JSON.stringify(audit),
        requestId ?? null,
      ],
    );
  }
  await db.query(
    `UPDATE "Case" SET "matchedAt" = now(), "updatedAt" = now(), status = CASE WHEN status = 'PendingApproval' THEN 'InReview'::"CaseStatus" ELSE status END,
            "makerUserId" = CASE WHEN status = 'PendingApproval' THEN NULL ELSE "makerUserId" END
      WHERE "tenantId" = $1::uuid AND id = $2::uuid`,
    [tenantId, caseId],
  );
  // A new case counts in the entity's caseCount (screening and transaction-monitoring cases alike) and puts it under review.
  if (created) await refreshEntityScreeningSql(db, tenantId, [entityId]);
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
