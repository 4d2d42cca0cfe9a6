import { apiRoute, apiRoutes } from '@/lib/http/route';
import { downloadResponse } from '@/lib/http/download';
import { auditFilters } from '@/lib/audit/schemas';
import { AUDIT_EXPORT_MAX_ROWS, exportAuditLogCsv } from '@/lib/audit/search-audit-log';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/audit-events/export – the filtered audit log as CSV (audited itself)
  GET: apiRoute({
    summary: 'Export the filtered audit log as CSV',
    description:
      `The same filters as GET /audit-events, newest first, at most ${AUDIT_EXPORT_MAX_ROWS} rows; UTF-8 with a byte-order mark, formula-safe cells, ` +
      'times in UTC (`createdAtUtc`); the acting user is named (`actorName`) and `actorPlatformAdmin` is `true` for a platform administrator working in the tenant. The export itself is written to the audit log (`audit.export`, with the filters and the row count). ' +
      'Officer sessions with the admin role only.',
    auth: 'session',
    roles: ['admin'],
    query: auditFilters,
    response: { contentType: 'text/csv', description: 'One row per audit event' },
    handler: async ({ auth, actor, requestId, query }) => {
      const file = await exportAuditLogCsv({ tenantId: auth.tenantId, filters: query, actor, requestId });
      return downloadResponse({ name: file.name, mimeType: 'text/csv; charset=utf-8', size: file.bytes.byteLength, body: file.bytes });
    },
  }),
});
