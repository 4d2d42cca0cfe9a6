/** GET /transactions, GET /transactions/{id}, GET /alerts, GET /alerts/{id}. Another tenant's ids are NOT_FOUND. */
import { AppError } from '@/lib/core/errors';
import { buildMeta, pageOf } from '@/lib/core/pagination';
import { sqlOf } from '@/lib/db/sql';
import { withTenant } from '@/lib/db/tenant-tx';
import { assigneeMe, loadUsers } from '@/lib/cases/users';
import { TRANSACTION_COLUMNS, alertUserIds, finishTransactions, readAlerts, readTransactions, toAlerts, type TransactionRow } from './transaction-json';
import type { AlertOut, ListAlertsQuery, ListTransactionsQuery, TransactionOut } from './schemas';

export async function listTransactions({ tenantId, query }: { tenantId: string; query: ListTransactionsQuery }) {
  const { loaded, total } = await withTenant(tenantId, async (tx) => {
    const db = sqlOf(tx);
    const params: unknown[] = [tenantId];
    const p = (v: unknown) => `$${params.push(v)}`;
    const where = [`t."tenantId" = $1::uuid`];
    if (query.entityId) {
      const e = p(query.entityId);
      where.push(`(t."sourceEntityId" = ${e}::uuid OR t."targetEntityId" = ${e}::uuid)`);
    }
    if (query.status) where.push(`t.status = ${p(query.status)}::"TransactionStatus"`);
    if (query.reviewStatus) where.push(`t."reviewStatus" = ${p(query.reviewStatus)}::"TransactionReviewStatus"`);
    if (query.from) where.push(`t."transactionDate" >= ${p(new Date(query.from))}`);
    if (query.to) where.push(`t."transactionDate" < ${p(new Date(query.to))}`);
    const { skip, take } = pageOf(query);
    const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Transaction" t WHERE ${where.join(' AND ')}`, params);
    const rows = await db.query<TransactionRow>(
      `SELECT ${TRANSACTION_COLUMNS} FROM "Transaction" t WHERE ${where.join(' AND ')} ORDER BY t."transactionDate" DESC, t.id DESC OFFSET ${p(skip)} LIMIT ${p(take)}`,
      params,
    );
    return { loaded: await readTransactions(db, tenantId, rows.rows), total: count.rows[0]?.n ?? 0 };
  });
  return { meta: buildMeta(query, total), data: await finishTransactions(loaded) };
}

export async function getTransaction({ tenantId, transactionId }: { tenantId: string; transactionId: string }): Promise<{ data: TransactionOut }> {
  const loaded = await withTenant(tenantId, async (tx) => {
    const db = sqlOf(tx);
    const rows = await db.query<TransactionRow>(`SELECT ${TRANSACTION_COLUMNS} FROM "Transaction" t WHERE t."tenantId" = $1::uuid AND t.id = $2::uuid`, [
      tenantId,
      transactionId,
    ]);
    if (!rows.rows.length) throw AppError.notFound();
    return readTransactions(db, tenantId, rows.rows);
  });
  const [data] = await finishTransactions(loaded);
  return { data: data! };
}

export async function listAlerts({ tenantId, query, userId }: { tenantId: string; query: ListAlertsQuery; userId?: string | null }) {
  const { loaded, total } = await withTenant(tenantId, async (tx) => {
    const db = sqlOf(tx);
    const params: unknown[] = [];
    const p = (v: unknown) => `$${params.push(v) + 1}`;
    const where = ['true'];
    if (query.status) where.push(`a.status = ${p(query.status)}::"AlertStatus"`);
    if (query.severity) where.push(`a.severity = ${p(query.severity)}::"AlertSeverity"`);
    if (query.ruleId) where.push(`a."ruleId" = ${p(query.ruleId)}::uuid`);
    if (query.entityId) where.push(`a."entityId" = ${p(query.entityId)}::uuid`);
    if (query.caseId) where.push(`a."caseId" = ${p(query.caseId)}::uuid`);
    if (query.assignee === 'unassigned') where.push(`a."assigneeUserId" IS NULL`);
    else if (query.assignee === 'me') where.push(`a."assigneeUserId" = ${p(assigneeMe(userId))}::uuid`);
    else if (query.assignee) where.push(`a."assigneeUserId" = ${p(query.assignee)}::uuid`);
    if (query.from) where.push(`a."createdAt" >= ${p(new Date(query.from))}`);
    if (query.to) where.push(`a."createdAt" < ${p(new Date(query.to))}`);
    const { skip, take } = pageOf(query);
    const count = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "TransactionAlert" a WHERE a."tenantId" = $1::uuid AND ${where.join(' AND ')}`,
      [tenantId, ...params],
    );
    const loaded = await readAlerts(db, tenantId, `${where.join(' AND ')}`, params, `a."createdAt" DESC, a.id DESC OFFSET ${skip} LIMIT ${take}`);
    return { loaded, total: count.rows[0]?.n ?? 0 };
  });
  const users = await loadUsers(alertUserIds(loaded));
  return { meta: buildMeta(query, total), data: toAlerts(loaded, users) };
}

export async function getAlert({ tenantId, alertId }: { tenantId: string; alertId: string }): Promise<{ data: AlertOut }> {
  const loaded = await withTenant(tenantId, (tx) => readAlerts(sqlOf(tx), tenantId, `a.id = $2::uuid`, [alertId]));
  if (!loaded.rows.length) throw AppError.notFound();
  const users = await loadUsers(alertUserIds(loaded));
  return { data: toAlerts(loaded, users)[0]! };
}
