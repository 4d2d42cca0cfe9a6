import { apiRoute, apiRoutes } from '@/lib/http/route';
import { downloadResponse } from '@/lib/http/download';
import { erasureRequestParams } from '@/lib/privacy/schemas';
import { exportEntity } from '@/lib/privacy/export-entity';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/entities/{entityId}/export – everything held about the entity, as one archive
  GET: apiRoute({
    summary: 'Export everything held about an entity (PDPL access request)',
    description:
      '`entity-<id>.tar.gz`: entity.json (the profile, every stored row of the entity table by table, every audit entry about the entity or those rows) and files/ (the stored documents). ' +
      'Audited as `entity.export`. Served as a sandboxed download, never cached.',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer'],
    params: erasureRequestParams,
    response: { contentType: 'application/gzip', description: 'The archive' },
    handler: async ({ auth, params, actor, requestId }) => {
      const out = await exportEntity({ tenantId: auth.tenantId, entityId: params.entityId, actor, requestId });
      return downloadResponse({ name: out.fileName, mimeType: 'application/gzip', size: out.archive.byteLength, body: new Uint8Array(out.archive) });
    },
  }),
});
