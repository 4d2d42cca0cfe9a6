import { formatDate } from '@/lib/core/format';
import { csvCell } from '@/lib/core/csv';

export { csvCell };
import type { Actor } from '@/lib/audit/write-audit';
import { writeAudit } from '@/lib/audit/write-audit';
import { withTenant } from '@/lib/db/tenant-tx';
import { listEntities, type EntityListFilters } from './list-entities';
import type { EntityOut } from './schemas';

/** At most this many rows in one export: a compliance list larger than this is narrowed by filters first. */
export const ENTITY_EXPORT_MAX_ROWS = 5000;

const COLUMNS: [string, (e: EntityOut) => string | number | boolean | null | undefined][] = [
  ['crmId', (e) => e.crmId],
  ['nameEn', (e) => e.nameEn],
  ['nameAr', (e) => e.nameAr],
  ['role', (e) => e.role],
  ['type', (e) => e.type],
  ['status', (e) => e.status],
  ['email', (e) => e.email],
  ['phone', (e) => (e.phoneNumber ? `+${e.countryCode ?? ''}${e.phoneNumber}` : null)],
  ['nationalityCode', (e) => e.nationalityCode],
  ['identityNumbers', (e) => e.identities.map((i) => `${i.type}:${i.number}`).join(' ')],
  ['identityVerification', (e) => e.identities.map((i) => i.verification?.status ?? '').join(' ')],
  ['riskLevel', (e) => e.kyc?.scores[0]?.riskLevel],
  ['riskScore', (e) => e.kyc?.scores[0]?.riskScore],
  ['kycStatus', (e) => e.kyc?.status],
  ['screeningStatus', (e) => e.screeningStatus],
  ['underReview', (e) => e.reviewStatus.isUnderReview],
  ['tags', (e) => e.tags.map((t) => t.nameEn ?? t.nameAr).join('; ')],
  ['createdAt', (e) => e.createdAt],
  ['id', (e) => e.id],
];

/**
 * The filtered entity list (the same filters, search and order as GET /entities) as CSV, at most
 * ENTITY_EXPORT_MAX_ROWS rows, UTF-8 with a byte-order mark so spreadsheets read Arabic names. The
 * export is audited (`entity.export`: who, which filters, how many rows) in its own transaction
 * before the file is returned.
 */
export async function exportEntitiesCsv({
  tenantId,
  filters,
  actor,
  requestId,
}: {
  tenantId: string;
  filters: EntityListFilters;
  actor: Actor;
  requestId?: string;
}): Promise<{ name: string; bytes: Uint8Array; rowCount: number; totalCount: number }> {
  const page = await listEntities({ tenantId, page: { page: 1, size: ENTITY_EXPORT_MAX_ROWS }, filters });
  const lines = [COLUMNS.map(([name]) => name).join(',')];
  for (const entity of page.data) lines.push(COLUMNS.map(([, read]) => csvCell(read(entity))).join(','));
  const csv = `\uFEFF${lines.join('\r\n')}\r\n`;
  await withTenant(tenantId, (tx) =>
    writeAudit(tx, {
      tenantId,
      actor,
      action: 'entity.export',
      targetType: 'Entity',
      after: { filters, rowCount: page.data.length, totalCount: page.meta.totalCount, format: 'csv' },
      requestId,
    }),
  );
  return {
    name: `entities-${formatDate(new Date())}.csv`,
    bytes: new TextEncoder().encode(csv),
    rowCount: page.data.length,
    totalCount: page.meta.totalCount,
  };
}
