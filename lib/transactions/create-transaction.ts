/**
 * POST /transactions: stores a tenant's transaction, judges it with the tenant's Published rules
 * before answering (decisions.md, "Transactions and monitoring"), and gathers the alerts in each
 * entity's open TransactionMonitoring case. One database transaction: the row, wallets and balances,
 * alerts, case, outbox events and audit commit together or not at all.
 */
import crypto from 'node:crypto';
import { AppError } from '@/lib/core/errors';
import { prepared, sqlOfClient, withPipelinedTenantConnection, withTenantConnection, type SqlQueryable } from '@/lib/db/sql';
import type { Actor } from '@/lib/audit/write-audit';
import { refreshEntityScreeningSql } from '@/lib/cases/refresh';
import type { TagOut } from '@/lib/tags/schemas';
import { evaluateRules, highestSeverity, type FiredRule, type RuleDefinition } from './rules/engine';
import { factBatch, type AddedTransaction, type FactBatch } from './rules/fact-batch';
import type { Direction, Grade, RuleContext } from './rules/templates';
import { cachedPublishedRules, keepPublishedRules, type RuleRow } from './rules/load-rules';
import {
  ALERT_COLUMNS,
  NO_ALERTS,
  TRANSACTION_COLUMNS,
  WALLET_COLUMNS,
  finishTransactions,
  readNamedTransactions,
  readTransactions,
  walletOut,
  type AlertRow,
  type LoadedAlerts,
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
/** `loaded` null: nothing inserted, a concurrent request with the same externalRef committed first. */
type Answer = { created: boolean; loaded: LoadedTransactions | null | Promise<LoadedTransactions | null> };

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
  const id = crypto.randomUUID();
  // One plain pooled connection in a tenant-scoped transaction (row-level security), every statement
  // prepared once per connection: the ORM's per-query work was most of this route's CPU.
  // The first statement (crm_transaction_ingest_open) scopes the transaction to the tenant itself.
  // Round trips: the opening statement with the rules' first questions right behind it (askAhead),
  // then, once the rules have decided, the storing statement (row, balances, audit) and COMMIT.
  // An ingest holds its pooled connection across them: each round trip saved is a wait saved.
  const loaded = await withPipelinedTenantConnection(
    tenantId,
    async (client): Promise<Answer> => {
      const db = sqlOfClient(client);
      // The rules' windows are answered before the row is inserted: each has it added from this description.
      let describeRow!: (row: AddedTransaction) => void;
      let nothingInserted!: (reason: unknown) => void;
      const added = new Promise<AddedTransaction>((resolve, reject) => ((describeRow = resolve), (nothingInserted = reject)));
      added.catch(() => {});
      const facts = factBatch(db, tenantId, { added });
      try {
        const opening = openIngest(db, tenantId, body, hash, currencyCode);
        askAhead(facts, tenantId, body, { id, currencyCode, transactionDate });
        const resolved = await opening;
        if (resolved.existing) {
          facts.close();
          nothingInserted(new Error('a retry: nothing is inserted'));
          return { created: false, loaded: await readTransactions(db, tenantId, [resolved.existing]) };
        }

        const source = sideOf(body.source, resolved.source, resolved.wallets.source, resolved.sourceBank, 'source', currencyCode);
        const target = sideOf(body.target, resolved.target, resolved.wallets.target, resolved.targetBank, 'target', currencyCode);
        const direction: Direction = target.entity ? 'Credit' : 'Debit';
        describeRow({
          id,
          amount: body.amount,
          currencyCode,
          transactionDate,
          sourceEntityId: source.entity?.id ?? null,
          targetEntityId: target.entity?.id ?? null,
        });
        const grades = resolved.grades;
        const rules = resolved.rules;
        const subjects: { entity: Party; direction: Direction; own: ResolvedSide; other: ResolvedSide }[] = [];
        if (target.entity) subjects.push({ entity: target.entity, direction: 'Credit', own: target, other: source });
        if (source.entity && source.entity.id !== target.entity?.id) subjects.push({ entity: source.entity, direction: 'Debit', own: source, other: target });
        // The questions askAhead asked are answered from the same batch; any other (an entity found by
        // crmId or as a wallet's owner, rules changed since this process read them, a second question
        // after a first answer) goes in a batch of its own, still before the INSERT.
        const fired = (
          await Promise.all(
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
          )
        ).filter((f) => f.fired.length);
        // What askAhead's guesses still ask from here on is never sent: this transaction's statements come next.
        facts.close();
        const allHits = fired.flatMap((f) => f.fired);
        const blocked = allHits.some((h) => h.rule.type === 'Hard');
        const severity = highestSeverity(allHits.map((h) => h.rule.severity));
        // The row (status, isBlocked and severity final), the wallets' balances and the audit entry in
        // one statement; it inserts, moves and audits nothing on a duplicate externalRef.
        const storing = storeTransaction(db, {
          tenantId,
          id,
          body,
          hash,
          currencyCode,
          transactionDate,
          source,
          target,
          direction,
          blocked,
          severity,
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
        // The answer from what this request read and wrote: no read-back. A new transaction has no STR report.
        const parties = [source.entity, target.entity].filter((e): e is Party => !!e);
        const answerWith = (row: TransactionRow, moved: WalletRow[], alerts: LoadedAlerts): LoadedTransactions => ({
          rows: [row],
          parties: new Map(parties.map((e) => [e.id, { id: e.id, crmId: e.crmId, type: e.type, nameEn: e.nameEn, nameAr: e.nameAr }])),
          wallets: new Map(moved.map((w) => [w.id, walletOut(w)])),
          banks: new Map([source.bank, target.bank].filter((b): b is BankRow => !!b).map((b) => [b.id, b])),
          strs: new Map(),
          tags: new Map(resolved.tags.map((t) => [t.id, t])),
          alerts,
        });
        if (!allHits.length) {
          // COMMIT goes right behind the storing statement (pipelined), and the answer is built once both
          // are back. Should the statement fail, the COMMIT finds the transaction aborted and rolls it back, and
          // awaiting `loaded` throws its error. No row: a concurrent request with this externalRef
          // committed first (createTransaction answers it after the COMMIT).
          const answer = storing.then((stored) => (stored ? answerWith(stored.row, stored.wallets, NO_ALERTS) : null));
          answer.catch(() => {}); // awaited after the COMMIT; never an unhandled rejection should the COMMIT fail first
          return { created: true, loaded: answer };
        }
        // Alerts name the row: it must be there before they are written.
        const stored = await storing;
        if (!stored) return { created: false, loaded: null };
        // The alert path in two more round trips: each entity's case, alerts, events and audit rows in one
        // statement, sent with the read of the transactions the alerts name (in order: they see what went
        // before them), then the screening summary of an entity whose case is new, with COMMIT right
        // behind it. Every statement from here on keeps its generic plan: the id arrays of the named
        // transactions' read and of the summary's refresh made PostgreSQL plan them again at every call.
        const generic = db.query(prepared(`SET LOCAL plan_cache_mode = force_generic_plan`));
        const raising = fired.map((group) => raiseAlerts(db, { tenantId, entityId: group.entityId, transactionId: id, fired: group.fired, requestId }));
        const named = readNamedTransactions(db, tenantId, [...new Set(fired.flatMap((f) => f.fired.flatMap((h) => [id, ...h.outcome.transactionIds])))]);
        const [groups, txs] = await Promise.all([Promise.all(raising), named, generic]);
        // The new alerts as written (no notes, no users yet), with the transactions each names, in the order
        // a read gives them (readTransactions: createdAt, then id; one transaction's alerts share createdAt).
        const raised = groups.flatMap((g) => g.rows).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        // A new case counts in the entity's caseCount (screening and transaction-monitoring cases alike) and puts it under review.
        const newCases = groups.filter((g) => g.caseCreated).map((g) => g.entityId);
        const refreshed = refreshEntityScreeningSql(db, tenantId, newCases, null, { prepared: true });
        const answer = refreshed.then(() => answerWith(stored.row, stored.wallets, { rows: raised, notes: [], txs }));
        answer.catch(() => {}); // awaited after the COMMIT, as above
        return { created: true, loaded: answer };
      } catch (error) {
        facts.close();
        nothingInserted(error);
        throw error;
      }
    },
    { selfScoped: true },
  );
  const answer = await loaded.loaded;
  if (!answer) {
    // A concurrent request with the same externalRef committed first: this is its retry (or a conflict).
    const winner = await withTenantConnection(tenantId, async (client) => {
      const db = sqlOfClient(client);
      const found = await findByExternalRef(db, tenantId, body.externalRef, hash);
      if (!found) throw new AppError('CONFLICT');
      return readTransactions(db, tenantId, [found]);
    });
    const [data] = await finishTransactions(winner);
    return { created: false, data: data! };
  }
  const [data] = await finishTransactions(answer);
  return { created: loaded.created, data: data! };
}

/**
 * The rules' first questions, asked before the opening statement has answered, so that they reach
 * PostgreSQL right behind it (its round trip answers both): the rules this process holds for the
 * tenant, run for the entities the body names by id, from the body alone. Their outcomes are
 * dropped; the real evaluation, once the sides are known, finds the answers to the same questions
 * already asked (fact-batch.ts keeps one answer per question). A guess that misses (the rules
 * changed, an entity named by crmId or found as a wallet's owner, a direction the sides turn out not
 * to have) costs a statement of its own later, never a wrong answer: only the real evaluation decides.
 */
function askAhead(facts: FactBatch, tenantId: string, body: CreateTransactionInput, tx: { id: string; currencyCode: string; transactionDate: Date }): void {
  const rules = cachedPublishedRules(tenantId)?.rules;
  if (!rules?.length) return;
  const targetId = body.target.entity?.id ?? null;
  const sourceId = body.source.entity?.id ?? null;
  const subjects: { entityId: string; direction: Direction; other: string | null }[] = [];
  if (targetId) subjects.push({ entityId: targetId, direction: 'Credit', other: sourceId });
  if (sourceId && sourceId !== targetId) subjects.push({ entityId: sourceId, direction: 'Debit', other: targetId });
  for (const subject of subjects) {
    const ctx: RuleContext = {
      entityId: subject.entityId,
      tx: { ...tx, amount: body.amount, direction: subject.direction, counterpartyCountry: null, counterpartyEntityId: subject.other },
      window: (q) => facts.window(subject.entityId, tx.transactionDate, q),
      countryGrade: () => null,
      openMatchCount: (entityId) => facts.openMatchCount(entityId),
      walletLastTransactionAt: null,
      newestLinkAt: () => facts.newestLinkAt(subject.entityId),
    };
    evaluateRules(rules, ctx).catch(() => {});
  }
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
  wallets: { source: WalletFound | null; target: WalletFound | null };
}

interface WalletFound {
  id: string;
  entityId: string;
  currency: string;
  lastTransactionAt: string | null;
  owner: (Party & { grade: string | null }) | null;
}

const OPEN_INGEST = prepared('SELECT crm_transaction_ingest_open($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) AS opened');

/**
 * The ingest's first statement, before anything of the transaction is written
 * (prisma/sql/functions/crm_transaction_ingest_open.sql): it scopes the connection's transaction to
 * the tenant, finds the named entities (by id and/or crmId), takes their ingest locks in key order,
 * then reads the externalRef's stored request, the named entities' bank accounts by IBAN, the tags,
 * the corrected transaction, the tenant's Published rules, the risk grades of the countries the
 * sides may have, and the sides' wallets by vIban (an unknown vIban of a named entity becomes its
 * Draft wallet) with their owners. What it reads after the locks sees every ingest that held them
 * before, so a wallet's last transaction is the latest one. A retry of a stored externalRef reads
 * that transaction (findByExternalRef); the INSERT's ON CONFLICT catches a duplicate committed after.
 */
async function openIngest(db: SqlQueryable, tenantId: string, body: CreateTransactionInput, hash: string, currencyCode: string): Promise<Resolved> {
  const entity = (side: SideInput) => [side.entity?.id ?? null, side.entity?.crmId ?? null];
  const iban = (side: SideInput) => (side.method === 'BankAccount' && side.iban && side.entity ? normalizeIban(side.iban) : null);
  const vIban = (side: SideInput) => (side.method === 'Wallet' && side.vIban ? side.vIban : null);
  const countries = [...new Set([body.source, body.target].flatMap((s) => [s.countryCode, ibanCountryOf(s.iban)]).filter((c): c is string => !!c))];
  const tagIds = body.tagIds?.length ? [...new Set(body.tagIds)] : [];
  const cached = cachedPublishedRules(tenantId);
  const { opened } = (
    await db.query<{
      opened: {
        sourceEntity: Party | null;
        targetEntity: Party | null;
        requestHash?: string;
        sourceBank?: BankRow | null;
        targetBank?: BankRow | null;
        rulesVersion?: string;
        rules?: RuleRow[] | null;
        grades?: Record<string, string> | null;
        tags?: TagOut[] | null;
        corrects?: boolean;
        source?: WalletFound | null;
        target?: WalletFound | null;
      };
    }>(OPEN_INGEST, [
      tenantId,
      ...entity(body.source),
      ...entity(body.target),
      iban(body.source),
      iban(body.target),
      vIban(body.source),
      vIban(body.target),
      currencyCode,
      countries,
      tagIds,
      body.correctsTransactionId ?? null,
      body.externalRef,
      cached?.version ?? null,
    ])
  ).rows[0]!;
  if ((body.source.entity && !opened.sourceEntity) || (body.target.entity && !opened.targetEntity)) throw AppError.notFound();
  const none = { sourceBank: null, targetBank: null, rules: [], grades: new Map<string, string>(), tags: [], wallets: { source: null, target: null } };
  if (opened.requestHash !== undefined && opened.requestHash !== null) {
    if (opened.requestHash !== hash) throw new AppError('DUPLICATE_EXTERNAL_REF');
    // Under the entities' ingest locks, so the stored transaction is there to read.
    const existing = await findByExternalRef(db, tenantId, body.externalRef, hash);
    if (!existing) throw new AppError('CONFLICT');
    return { existing, source: null, target: null, ...none };
  }
  if ((opened.tags?.length ?? 0) !== tagIds.length) throw AppError.notFound();
  if (opened.corrects === false) throw AppError.notFound();
  const grades = new Map(Object.entries(opened.grades ?? {}));
  for (const w of [opened.source, opened.target]) if (w?.owner?.nationalityCode && w.owner.grade) grades.set(w.owner.nationalityCode, w.owner.grade);
  return {
    existing: null,
    source: opened.sourceEntity,
    target: opened.targetEntity,
    sourceBank: opened.sourceBank ?? null,
    targetBank: opened.targetBank ?? null,
    // The rules come back only when the tenant's rules changed since this process read them.
    rules: opened.rules ? keepPublishedRules(tenantId, opened.rulesVersion!, opened.rules) : cached!.rules,
    grades,
    tags: opened.tags ?? [],
    wallets: { source: opened.source ?? null, target: opened.target ?? null },
  };
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
 * A row of the storing statement: the transaction's columns that PostgreSQL sets or normalizes (the
 * rest of the row is what was sent), beside one of the sides' wallets (all null when it has none).
 */
type StoredRow = {
  storedCreatedAt: Date;
  storedUpdatedAt: Date;
  reviewStatus: TransactionRow['reviewStatus'];
  storedAmount: string;
  exchangeRate: string | null;
  securityDetails: Record<string, unknown> | null;
} & (WalletRow | { [K in keyof WalletRow]: null });

/** $1 tenant, $2 id, $3–$33 the row ($7 its date, $10 its amount, $23/$24 its wallets); $34–$37 (STORED_AUDIT) the audit entry. */
const STORED_INSERT = `INSERT INTO "Transaction" AS t (id, "tenantId", "externalRef", "requestHash", "orderRef", "sourceSystem", "transactionDate", "valueDate", "settlementDate",
    amount, currency, "currencyCode", "exchangeRate", "paymentForm", "paymentType", "internalTransferReason", "securityDetails", "correctsTransactionId",
    source, target, "sourceEntityId", "targetEntityId", "sourceWalletId", "targetWalletId", "sourceBankAccountId", "targetBankAccountId",
    "sourceCountry", "targetCountry", direction, "tagIds", status, "isBlocked", "suspiciousSeverity", "updatedAt")
  VALUES ($2::uuid, $1::uuid, $3, $4, $5, $6, $7, $8, $9, $10::numeric, $11, $12, $13::numeric, $14, $15, $16, $17::jsonb, $18::uuid,
    $19::jsonb, $20::jsonb, $21::uuid, $22::uuid, $23::uuid, $24::uuid, $25::uuid, $26::uuid, $27, $28, $29::"TransactionDirection", $30::uuid[],
    $31::"TransactionStatus", $32::boolean, $33::"AlertSeverity", now())
  ON CONFLICT ("tenantId", "externalRef") DO NOTHING
  RETURNING t."createdAt", t."updatedAt", t."reviewStatus", t.amount::text AS amount, t."exchangeRate"::text AS "exchangeRate", t."securityDetails"`;

const STORED_AUDIT = `audit AS (INSERT INTO "AuditLog" (id, "tenantId", "actorType", "actorId", action, "targetType", "targetId", after, "requestId")
    SELECT gen_random_uuid(), $1::uuid, $34, $35, 'transaction.create', 'Transaction', $2::text, $36::jsonb, $37 FROM stored)`;

/** The row's own columns answered beside each wallet (one row when there is no wallet: a LEFT JOIN on true). */
const STORED_SELECT = `SELECT s."createdAt" AS "storedCreatedAt", s."updatedAt" AS "storedUpdatedAt", s."reviewStatus", s.amount AS "storedAmount",
    s."exchangeRate", s."securityDetails", w.* FROM stored s LEFT JOIN wallets w ON true`;

const walletMove = (param: string, sign: '+' | '-') =>
  `UPDATE "Wallet" SET "availableBalance" = "availableBalance" ${sign} $10::numeric,
          "lastTransactionAt" = greatest("lastTransactionAt", $7::timestamptz), "dormantAt" = NULL, "updatedAt" = now()
    WHERE "tenantId" = $1::uuid AND id = ${param}::uuid AND EXISTS (SELECT 1 FROM stored) RETURNING ${WALLET_COLUMNS}`;

/** Credit/Debit: the source wallet gives the amount, the target wallet takes it. */
const STORE_AND_MOVE = prepared(`WITH stored AS (${STORED_INSERT}),
  source_wallet AS (${walletMove('$23', '-')}),
  target_wallet AS (${walletMove('$24', '+')}),
  wallets AS (SELECT * FROM source_wallet UNION ALL SELECT * FROM target_wallet),
  ${STORED_AUDIT}
  ${STORED_SELECT}`);

/** Blocked: nothing moves, the wallets are answered as they are. */
const STORE_BLOCKED = prepared(`WITH stored AS (${STORED_INSERT}),
  wallets AS (SELECT ${WALLET_COLUMNS} FROM "Wallet" WHERE "tenantId" = $1::uuid AND id = ANY(ARRAY[$23::uuid, $24::uuid])),
  ${STORED_AUDIT}
  ${STORED_SELECT}`);

/**
 * The judged transaction stored in one statement: its row (status, `isBlocked` and severity final),
 * the wallets' balances (Debit the source, Credit the target; never for a blocked one) and the
 * `transaction.create` audit entry, answering the sides' wallets as they are now. On a duplicate
 * externalRef (a concurrent request committed it first) the INSERT inserts nothing, and then nothing
 * moves or is audited: null. The answer's row is built from what was sent and the few columns
 * PostgreSQL sets or normalizes (timestamps, reviewStatus, the amounts' numeric text, jsonb); a test
 * compares it with a read of the stored transaction. Exact decimals: amounts stay numeric strings,
 * balances move with numeric arithmetic.
 */
async function storeTransaction(
  db: SqlQueryable,
  p: {
    tenantId: string;
    id: string;
    body: CreateTransactionInput;
    hash: string;
    currencyCode: string;
    transactionDate: Date;
    source: ResolvedSide;
    target: ResolvedSide;
    direction: Direction;
    blocked: boolean;
    severity: RuleDefinition['severity'] | null;
    audit: { actor: Actor; requestId?: string; after: unknown };
  },
): Promise<{ row: TransactionRow; wallets: WalletRow[] } | null> {
  const { body, source, target } = p;
  // The row as sent; PostgreSQL adds the columns it sets or normalizes (StoredRow). uuids as it
  // answers them (lowercase text), whatever case the body used.
  const sent: Omit<TransactionRow, 'createdAt' | 'updatedAt' | 'reviewStatus' | 'amount' | 'exchangeRate' | 'securityDetails'> = {
    id: p.id,
    externalRef: body.externalRef,
    orderRef: body.orderRef ?? null,
    sourceSystem: body.sourceSystem,
    transactionDate: p.transactionDate,
    valueDate: body.valueDate ? new Date(body.valueDate) : null,
    settlementDate: body.settlementDate ? new Date(body.settlementDate) : null,
    status: p.blocked ? 'Blocked' : 'Received',
    currency: body.currency,
    paymentForm: body.paymentForm ?? null,
    paymentType: body.paymentType ?? null,
    internalTransferReason: body.internalTransferReason ?? null,
    correctsTransactionId: body.correctsTransactionId?.toLowerCase() ?? null,
    source: storedSide(body.source),
    target: storedSide(body.target),
    sourceCountry: source.country,
    targetCountry: target.country,
    sourceEntityId: source.entity?.id ?? null,
    targetEntityId: target.entity?.id ?? null,
    sourceWalletId: source.walletId,
    targetWalletId: target.walletId,
    sourceBankAccountId: source.bank?.id ?? null,
    targetBankAccountId: target.bank?.id ?? null,
    direction: p.direction,
    suspiciousSeverity: p.severity,
    isBlocked: p.blocked,
    tagIds: (body.tagIds ?? []).map((t) => t.toLowerCase()),
  };
  const { rows } = await db.query<StoredRow>(p.blocked ? STORE_BLOCKED : STORE_AND_MOVE, [
    p.tenantId,
    sent.id,
    sent.externalRef,
    p.hash,
    sent.orderRef,
    sent.sourceSystem,
    sent.transactionDate,
    sent.valueDate,
    sent.settlementDate,
    body.amount,
    sent.currency,
    p.currencyCode,
    body.exchangeRate ?? null,
    sent.paymentForm,
    sent.paymentType,
    sent.internalTransferReason,
    body.securityDetails ? JSON.stringify(body.securityDetails) : null,
    sent.correctsTransactionId,
    JSON.stringify(sent.source),
    JSON.stringify(sent.target),
    sent.sourceEntityId,
    sent.targetEntityId,
    sent.sourceWalletId,
    sent.targetWalletId,
    sent.sourceBankAccountId,
    sent.targetBankAccountId,
    sent.sourceCountry,
    sent.targetCountry,
    sent.direction,
    sent.tagIds,
    sent.status,
    sent.isBlocked,
    sent.suspiciousSeverity,
    p.audit.actor.type,
    p.audit.actor.id ?? null,
    JSON.stringify(p.audit.after),
    p.audit.requestId ?? null,
  ]);
  const first = rows[0];
  if (!first) return null;
  const row: TransactionRow = {
    ...sent,
    createdAt: first.storedCreatedAt,
    updatedAt: first.storedUpdatedAt,
    reviewStatus: first.reviewStatus,
    amount: first.storedAmount,
    exchangeRate: first.exchangeRate,
    securityDetails: first.securityDetails,
  };
  const wallets = rows.filter((r): r is StoredRow & WalletRow => r.id !== null);
  return { row, wallets };
}

/**
 * One entity's alerts for one transaction, in one statement: its open TransactionMonitoring case
 * found and touched (a new alert; a case awaiting its checker's approval goes back to InReview, its
 * proposal withdrawn) or created, then every alert in it with its `TransactionAlertCreated` outbox
 * event (the outbox trigger enqueues its delivery) and `transactionAlert.create` audit entry. Answers
 * the alerts as written, and whether the case is new. Two ingests of one entity hold its ingest lock
 * in turn, so they never both create; a case created by anything else in between meets the partial
 * unique index and nothing is written: the statement runs again, and then touches it.
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
): Promise<{ entityId: string; caseCreated: boolean; rows: AlertRow[] }> {
  const alerts = fired.map(({ rule, outcome }) => {
    const alertId = crypto.randomUUID();
    return {
      id: alertId,
      transactionIds: [transactionId, ...outcome.transactionIds.filter((t) => t !== transactionId)],
      ruleId: rule.id,
      ruleVersion: rule.version,
      ruleSnapshot: snapshotOf(rule),
      severity: rule.severity,
      reasonEn: outcome.reasonEn,
      reasonAr: outcome.reasonAr,
      tags: [rule.template],
      event: { alertId, transactionId, entityId, severity: rule.severity, ruleCode: rule.code },
      audit: { ruleCode: rule.code, ruleVersion: rule.version, severity: rule.severity, reason: outcome.reasonEn },
    };
  });
  for (let attempt = 1; ; attempt++) {
    const { rows } = await db.query<AlertRow & { caseCreated: boolean }>(
      prepared(`WITH touched AS (
         UPDATE "Case" SET "matchedAt" = now(), "updatedAt" = now(), status = CASE WHEN status = 'PendingApproval' THEN 'InReview'::"CaseStatus" ELSE status END,
                "makerUserId" = CASE WHEN status = 'PendingApproval' THEN NULL ELSE "makerUserId" END
          WHERE "tenantId" = $1::uuid AND "entityId" = $2::uuid AND kind = 'TransactionMonitoring' AND status <> 'Closed'
          RETURNING id),
       inserted AS (
         INSERT INTO "Case" (id, "tenantId", kind, "entityId", status, "matchedAt", "updatedAt")
         SELECT gen_random_uuid(), $1::uuid, 'TransactionMonitoring', $2::uuid, 'Pending', now(), now() WHERE NOT EXISTS (SELECT 1 FROM touched)
         ON CONFLICT ("tenantId", "entityId") WHERE kind = 'TransactionMonitoring' AND status <> 'Closed' DO NOTHING RETURNING id),
       c AS (SELECT id, false AS created FROM touched UNION ALL SELECT id, true AS created FROM inserted),
       s AS (SELECT * FROM json_to_recordset($4::json) AS s(id uuid, "transactionIds" uuid[], "ruleId" uuid, "ruleVersion" int, "ruleSnapshot" jsonb,
                                                          severity "AlertSeverity", "reasonEn" text, "reasonAr" text, tags text[], event jsonb, audit jsonb)),
       a AS (INSERT INTO "TransactionAlert" AS a (id, "tenantId", "caseId", "entityId", "transactionId", "transactionIds", "ruleId", "ruleVersion", "ruleSnapshot",
                                                  severity, "reasonEn", "reasonAr", tags, "updatedAt")
             SELECT s.id, $1::uuid, c.id, $2::uuid, $3::uuid, s."transactionIds", s."ruleId", s."ruleVersion", s."ruleSnapshot",
                    s.severity, s."reasonEn", s."reasonAr", s.tags, now() FROM s CROSS JOIN c
             RETURNING ${ALERT_COLUMNS}),
       event AS (INSERT INTO "OutboxEvent" (id, "tenantId", type, payload)
                 SELECT gen_random_uuid(), $1::uuid, 'TransactionAlertCreated', s.event FROM s CROSS JOIN c),
       audit AS (INSERT INTO "AuditLog" (id, "tenantId", "actorType", "actorId", action, "targetType", "targetId", after, "requestId")
                 SELECT gen_random_uuid(), $1::uuid, 'system', NULL, 'transactionAlert.create', 'TransactionAlert', s.id::text,
                        jsonb_build_object('caseId', c.id) || s.audit, $5 FROM s CROSS JOIN c)
       SELECT a.*, (SELECT created FROM c) AS "caseCreated" FROM a`),
      [tenantId, entityId, transactionId, JSON.stringify(alerts), requestId ?? null],
    );
    if (rows.length) return { entityId, caseCreated: rows[0]!.caseCreated, rows: rows.map(({ caseCreated: _, ...row }) => row) };
    // Created by another writer after this statement's snapshot: the next statement sees it, and touches it.
    if (attempt >= 3) throw new AppError('CONFLICT');
  }
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
