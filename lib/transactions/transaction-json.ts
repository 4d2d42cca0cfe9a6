/**
 * Builds the API's Transaction and TransactionAlert from stored rows, a few statements per page
 * (not per row). Users are read after the tenant transaction (lib/cases/users.ts).
 */
import { formatIso, formatTimestamp } from '@/lib/core/format';
import { prepared, type SqlQueryable } from '@/lib/db/sql';
import { loadUsers, type UserOut } from '@/lib/cases/users';
import type { TagOut } from '@/lib/tags/schemas';
import type { AlertOut, TransactionOut } from './schemas';

export interface TransactionRow {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  externalRef: string;
  orderRef: string | null;
  sourceSystem: string;
  transactionDate: Date;
  valueDate: Date | null;
  settlementDate: Date | null;
  status: TransactionOut['status'];
  reviewStatus: TransactionOut['reviewStatus'];
  amount: string;
  currency: string;
  exchangeRate: string | null;
  paymentForm: string | null;
  paymentType: string | null;
  internalTransferReason: string | null;
  securityDetails: Record<string, unknown> | null;
  correctsTransactionId: string | null;
  source: { method: TransactionOut['source']['method']; vIban?: string; iban?: string };
  target: { method: TransactionOut['target']['method']; vIban?: string; iban?: string };
  sourceCountry: string | null;
  targetCountry: string | null;
  sourceEntityId: string | null;
  targetEntityId: string | null;
  sourceWalletId: string | null;
  targetWalletId: string | null;
  sourceBankAccountId: string | null;
  targetBankAccountId: string | null;
  direction: TransactionOut['direction'];
  suspiciousSeverity: TransactionOut['suspiciousSeverity'];
  isBlocked: boolean;
  tagIds: string[];
}

export const TRANSACTION_COLUMNS = `t.id, t."createdAt", t."updatedAt", t."externalRef", t."orderRef", t."sourceSystem", t."transactionDate", t."valueDate",
  t."settlementDate", t.status, t."reviewStatus", t.amount::text AS amount, t.currency, t."exchangeRate"::text AS "exchangeRate", t."paymentForm",
  t."paymentType", t."internalTransferReason", t."securityDetails", t."correctsTransactionId", t.source, t.target, t."sourceCountry", t."targetCountry",
  t."sourceEntityId", t."targetEntityId", t."sourceWalletId", t."targetWalletId", t."sourceBankAccountId", t."targetBankAccountId", t.direction,
  t."suspiciousSeverity", t."isBlocked", t."tagIds"::text[] AS "tagIds"`;

export interface AlertRow {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  caseId: string;
  entityId: string;
  transactionId: string;
  transactionIds: string[];
  status: AlertOut['status'];
  severity: AlertOut['severity'];
  isCorrect: boolean | null;
  flagCategory: AlertOut['flagCategory'];
  reasonEn: string;
  reasonAr: string;
  dispositionAt: Date | null;
  ruleSnapshot: AlertOut['transactionRule'];
  dispositionByUserId: string | null;
  assigneeUserId: string | null;
  tags: string[];
}

export const ALERT_COLUMNS = `a.id, a."createdAt", a."updatedAt", a."caseId", a."entityId", a."transactionId", a."transactionIds"::text[] AS "transactionIds",
  a.status, a.severity, a."isCorrect", a."flagCategory", a."reasonEn", a."reasonAr", a."dispositionAt", a."ruleSnapshot",
  a."dispositionByUserId", a."assigneeUserId", a.tags`;

interface NoteRow {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  caseId: string;
  alertId: string | null;
  title: string;
  description: string;
  userId: string | null;
}

/** An entity as a transaction's side or an alert names it (TransactionParty). */
export type Party = NonNullable<TransactionOut['sourceEntity']>;

/** What the loaders read inside the tenant transaction; `finish` completes the shapes with users afterwards. */
export interface LoadedAlerts {
  rows: AlertRow[];
  notes: NoteRow[];
  txs: Map<string, AlertOut['transactions'][number]>;
  /**
   * The alerts' entities by id. Absent for alerts that POST /transactions answers without reading
   * them back: an alert is about one side of its transaction, so those come from its parties.
   */
  entities?: Map<string, Party>;
}

export async function readAlerts(
  db: SqlQueryable,
  tenantId: string,
  where: string,
  params: unknown[],
  order = 'a."createdAt" DESC, a.id DESC',
): Promise<LoadedAlerts> {
  const rows = (
    await db.query<AlertRow>(`SELECT ${ALERT_COLUMNS} FROM "TransactionAlert" a WHERE a."tenantId" = $1::uuid AND ${where} ORDER BY ${order}`, [
      tenantId,
      ...params,
    ])
  ).rows;
  return completeAlerts(db, tenantId, rows);
}

async function completeAlerts(db: SqlQueryable, tenantId: string, rows: AlertRow[]): Promise<LoadedAlerts> {
  if (!rows.length) return { rows, notes: [], txs: new Map(), entities: new Map() };
  const notes = await db.query<NoteRow>(
    `SELECT id, "createdAt", "updatedAt", "caseId", "alertId", title, description, "userId" FROM "CaseNote" WHERE "tenantId" = $1::uuid AND "alertId" = ANY($2::uuid[]) ORDER BY "createdAt", id`,
    [tenantId, rows.map((r) => r.id)],
  );
  return completeNewAlerts(db, tenantId, rows, notes.rows);
}

/**
 * Alerts with the transactions each names and their entities, for alerts whose notes are known (none,
 * for alerts raised by this request: POST /transactions answers its new alerts without reading them back).
 */
export async function completeNewAlerts(db: SqlQueryable, tenantId: string, rows: AlertRow[], notes: NoteRow[] = []): Promise<LoadedAlerts> {
  if (!rows.length) return { rows, notes, txs: new Map(), entities: new Map() };
  const [txs, entities] = await Promise.all([
    readNamedTransactions(db, tenantId, [...new Set(rows.flatMap((r) => r.transactionIds))]),
    readParties(db, tenantId, [...new Set(rows.map((r) => r.entityId))]),
  ]);
  return { rows, notes, txs, entities };
}

/** Entities by id, as a transaction's side or an alert names them. */
export async function readParties(db: SqlQueryable, tenantId: string, ids: string[]): Promise<Map<string, Party>> {
  if (!ids.length) return new Map();
  const { rows } = await db.query<Party>(
    `SELECT id, "crmId", type::text AS type, "nameEn", "nameAr" FROM "Entity" WHERE "tenantId" = $1::uuid AND id = ANY($2::uuid[])`,
    [tenantId, ids],
  );
  return new Map(rows.map((p) => [p.id, p]));
}

/** The transactions alerts name, as an alert shows them (`transactions[]`), by id. */
export async function readNamedTransactions(db: SqlQueryable, tenantId: string, ids: string[]): Promise<LoadedAlerts['txs']> {
  const { rows } = await db.query<{
    id: string;
    externalRef: string;
    transactionDate: Date;
    amount: string;
    currency: string;
    direction: 'Credit' | 'Debit';
    status: TransactionOut['status'];
  }>(
    prepared(
      `SELECT id, "externalRef", "transactionDate", amount::text AS amount, currency, direction, status FROM "Transaction" WHERE "tenantId" = $1::uuid AND id = ANY($2::uuid[])`,
    ),
    [tenantId, ids],
  );
  return new Map(
    rows.map((t) => [
      t.id,
      {
        id: t.id,
        externalRef: t.externalRef,
        transactionDate: formatIso(t.transactionDate)!,
        amount: t.amount,
        currency: t.currency,
        direction: t.direction,
        status: t.status,
      },
    ]),
  );
}

export function alertUserIds(loaded: LoadedAlerts): string[] {
  return [...loaded.rows.flatMap((r) => [r.dispositionByUserId, r.assigneeUserId]), ...loaded.notes.map((n) => n.userId)].filter((id): id is string => !!id);
}

export function noteOut(n: NoteRow, users: Map<string, UserOut>) {
  return {
    id: n.id,
    createdAt: formatTimestamp(n.createdAt),
    updatedAt: formatTimestamp(n.updatedAt),
    title: n.title,
    description: n.description,
    alertId: n.alertId,
    createdBy: n.userId ? (users.get(n.userId) ?? null) : null,
  };
}

/** `parties`: where the alerts' entities are found (the loaded ones, or their transactions' parties). */
export function toAlerts(loaded: LoadedAlerts, users: Map<string, UserOut>, parties: Map<string, Party> = loaded.entities ?? new Map()): AlertOut[] {
  const user = (id: string | null) => (id ? (users.get(id) ?? null) : null);
  const entity = (r: AlertRow) => {
    const found = parties.get(r.entityId);
    // Entities are never deleted and an alert's entity is of its tenant: a miss is a loader's bug.
    if (!found) throw new Error(`the entity ${r.entityId} of alert ${r.id} was not loaded`);
    return found;
  };
  return loaded.rows.map((r) => ({
    id: r.id,
    createdAt: formatTimestamp(r.createdAt),
    updatedAt: formatTimestamp(r.updatedAt),
    caseId: r.caseId,
    entityId: r.entityId,
    entity: entity(r),
    transactionId: r.transactionId,
    status: r.status,
    severity: r.severity,
    isCorrect: r.isCorrect,
    flagCategory: r.flagCategory,
    reasonEn: r.reasonEn,
    reasonAr: r.reasonAr,
    dispositionAt: formatIso(r.dispositionAt),
    transactionRule: r.ruleSnapshot,
    dispositionBy: user(r.dispositionByUserId),
    assignee: user(r.assigneeUserId),
    notes: loaded.notes.filter((n) => n.alertId === r.id).map((n) => noteOut(n, users)),
    transactions: r.transactionIds.map((id) => loaded.txs.get(id)).filter((t) => t !== undefined),
    tags: r.tags,
  }));
}

export interface LoadedTransactions {
  rows: TransactionRow[];
  parties: Map<string, Party>;
  wallets: Map<string, NonNullable<TransactionOut['sourceWallet']>>;
  banks: Map<string, NonNullable<TransactionOut['sourceBankAccount']>>;
  strs: Map<string, NonNullable<TransactionOut['strReport']>>;
  tags: Map<string, TagOut>;
  alerts: LoadedAlerts;
}

const titleCase = (code: string) => code.charAt(0).toUpperCase() + code.slice(1).toLowerCase();

/** A wallet as the Transaction shows it (balances as exact decimal strings), from WALLET_COLUMNS. */
export const WALLET_COLUMNS = `id, "createdAt", "updatedAt", type, status, currency, "externalRef", "vIban", "availableBalance"::text AS "availableBalance",
  "lockedBalance"::text AS "lockedBalance", "entityId", "productId", "lastTransactionAt", "dormantAt", "closedAt"`;

export interface WalletRow {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  type: string;
  status: string;
  currency: string;
  externalRef: string | null;
  vIban: string | null;
  availableBalance: string;
  lockedBalance: string;
  entityId: string;
  productId: string | null;
  lastTransactionAt: Date | null;
  dormantAt: Date | null;
  closedAt: Date | null;
}

export function walletOut(w: WalletRow): NonNullable<TransactionOut['sourceWallet']> {
  return {
    id: w.id,
    createdAt: formatTimestamp(w.createdAt),
    updatedAt: formatTimestamp(w.updatedAt),
    type: w.type,
    status: w.status,
    currency: titleCase(w.currency),
    externalRef: w.externalRef,
    vIban: w.vIban,
    availableBalance: w.availableBalance,
    lockedBalance: w.lockedBalance,
    entityId: w.entityId,
    productId: w.productId,
    lastTransactionAt: formatIso(w.lastTransactionAt),
    dormantAt: formatIso(w.dormantAt),
    closedAt: formatIso(w.closedAt),
  } as NonNullable<TransactionOut['sourceWallet']>;
}

/** No alerts (a transaction whose rules raised none). */
export const NO_ALERTS: LoadedAlerts = { rows: [], notes: [], txs: new Map(), entities: new Map() };

/** `known` skips lookups the caller knows are empty (a transaction stored in this request has no STR report, and no alerts unless rules fired). */
export async function readTransactions(
  db: SqlQueryable,
  tenantId: string,
  rows: TransactionRow[],
  known: { noStrReports?: boolean; noAlerts?: boolean } = {},
): Promise<LoadedTransactions> {
  const ids = rows.map((r) => r.id);
  const pick = (f: (r: TransactionRow) => (string | null)[]) => [...new Set(rows.flatMap(f).filter((v): v is string => !!v))];
  const entityIds = pick((r) => [r.sourceEntityId, r.targetEntityId]);
  const walletIds = pick((r) => [r.sourceWalletId, r.targetWalletId]);
  const bankIds = pick((r) => [r.sourceBankAccountId, r.targetBankAccountId]);
  const tagIds = pick((r) => r.tagIds);
  const [parties, wallets, banks, strs, tags, alerts] = await Promise.all([
    readParties(db, tenantId, entityIds),
    walletIds.length
      ? db.query(`SELECT ${WALLET_COLUMNS} FROM "Wallet" WHERE "tenantId" = $1::uuid AND id = ANY($2::uuid[])`, [tenantId, walletIds])
      : { rows: [] },
    bankIds.length
      ? db.query(`SELECT id, "entityId", iban, "bankNameEn", "bankNameAr" FROM "BankAccount" WHERE "tenantId" = $1::uuid AND id = ANY($2::uuid[])`, [
          tenantId,
          bankIds,
        ])
      : { rows: [] },
    ids.length && !known.noStrReports
      ? db.query(
          `SELECT id, "createdAt", "updatedAt", status, "attachmentId", "transactionId", "caseId" FROM "StrReport" WHERE "tenantId" = $1::uuid AND "transactionId" = ANY($2::uuid[])`,
          [tenantId, ids],
        )
      : { rows: [] },
    tagIds.length
      ? db.query<{ json: TagOut }>(`SELECT crm_tag_json(t) AS json FROM "Tag" t WHERE t."tenantId" = $1::uuid AND t.id = ANY($2::uuid[])`, [tenantId, tagIds])
      : { rows: [] },
    ids.length && !known.noAlerts ? readAlerts(db, tenantId, `a."transactionId" = ANY($2::uuid[])`, [ids], 'a."createdAt", a.id') : Promise.resolve(NO_ALERTS),
  ]);
  return {
    rows,
    parties,
    wallets: new Map(wallets.rows.map((w: WalletRow) => [w.id, walletOut(w)])),
    banks: new Map(banks.rows.map((b: any) => [b.id, b])),
    strs: new Map(
      strs.rows.map((s: any) => [
        s.transactionId,
        {
          id: s.id,
          createdAt: formatTimestamp(s.createdAt),
          updatedAt: formatTimestamp(s.updatedAt),
          status: s.status,
          attachmentId: s.attachmentId,
          transactionId: s.transactionId,
          caseId: s.caseId,
        },
      ]),
    ),
    tags: new Map(tags.rows.map((t: any) => [t.json.id, t.json])),
    alerts,
  };
}

export async function finishTransactions(loaded: LoadedTransactions): Promise<TransactionOut[]> {
  const users = await loadUsers(alertUserIds(loaded.alerts));
  // Alerts raised by this request come without their entities: an alert is about one side of its transaction.
  const alerts = toAlerts(loaded.alerts, users, loaded.alerts.entities ?? loaded.parties);
  const get = <T>(map: Map<string, T>, id: string | null) => (id ? (map.get(id) ?? null) : null);
  const side = (s: TransactionRow['source'], country: string | null) => ({
    method: s.method,
    vIban: s.vIban ?? null,
    iban: s.iban ?? null,
    countryCode: country,
  });
  return loaded.rows.map((r) => ({
    id: r.id,
    createdAt: formatTimestamp(r.createdAt),
    updatedAt: formatTimestamp(r.updatedAt),
    externalRef: r.externalRef,
    orderRef: r.orderRef,
    sourceSystem: r.sourceSystem,
    transactionDate: formatIso(r.transactionDate)!,
    valueDate: formatIso(r.valueDate),
    settlementDate: formatIso(r.settlementDate),
    status: r.status,
    reviewStatus: r.reviewStatus,
    amount: r.amount,
    currency: r.currency,
    exchangeRate: r.exchangeRate,
    paymentForm: r.paymentForm,
    paymentType: r.paymentType,
    internalTransferReason: r.internalTransferReason,
    securityDetails: r.securityDetails,
    correctsTransactionId: r.correctsTransactionId,
    source: side(r.source, r.sourceCountry),
    target: side(r.target, r.targetCountry),
    sourceEntity: get(loaded.parties, r.sourceEntityId),
    targetEntity: get(loaded.parties, r.targetEntityId),
    suspiciousSeverity: r.suspiciousSeverity,
    isBlocked: r.isBlocked,
    direction: r.direction,
    sourceWallet: get(loaded.wallets, r.sourceWalletId),
    targetWallet: get(loaded.wallets, r.targetWalletId),
    sourceBankAccount: get(loaded.banks, r.sourceBankAccountId),
    targetBankAccount: get(loaded.banks, r.targetBankAccountId),
    strReport: loaded.strs.get(r.id) ?? null,
    triggeredAlerts: alerts.filter((a) => a.transactionId === r.id),
    activities: [],
    tags: r.tagIds.map((id) => loaded.tags.get(id)).filter((t): t is TagOut => !!t),
  }));
}
