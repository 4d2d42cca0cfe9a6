import { apiRoute, apiRoutes } from '@/lib/http/route';
import { downloadResponse } from '@/lib/http/download';
import { exportEntitiesQuery } from '@/lib/entities/schemas';
import { ENTITY_EXPORT_MAX_ROWS, exportEntitiesCsv } from '@/lib/entities/export-entities';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/entities/export – the filtered entity list as CSV (officer app, audited)
  GET: apiRoute({
    summary: 'Export the filtered entity list as CSV',
    description:
      `The same filters, search and order as GET /entities (without paging); at most ${ENTITY_EXPORT_MAX_ROWS} rows, UTF-8 with a byte-order mark, ` +
      "cells that start with = + - @ are prefixed with ' (no spreadsheet formulas). Every export is written to the audit log " +
      '(`entity.export`, with the filters and the row count). Officer sessions only (admin, officer).',
    auth: 'session',
    roles: ['admin', 'officer'],
    query: exportEntitiesQuery,
    response: { contentType: 'text/csv', description: 'One row per entity' },
    handler: async ({ auth, actor, requestId, query }) => {
      const file = await exportEntitiesCsv({ tenantId: auth.tenantId, filters: query, actor, requestId });
      return downloadResponse({ name: file.name, mimeType: 'text/csv; charset=utf-8', size: file.bytes.byteLength, body: file.bytes });
    },
  }),
});
