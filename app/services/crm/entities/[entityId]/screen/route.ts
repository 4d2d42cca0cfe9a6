import { z } from 'zod';
import { apiRoute, apiRoutes } from '@/lib/http/route';
import { entityParams } from '@/lib/entities/schemas';
import { screenEntityNow } from '@/lib/monitoring/screen-entities';

const screenNowResponse = z
  .object({
    data: z.object({
      entityId: z.uuid(),
      screenedAt: z.string(),
      screeningStatus: z.enum(['NotScreened', 'Clear', 'PendingReview', 'Hit']),
      matchCount: z.number().int(),
      caseCount: z.number().int(),
      newMatches: z.number().int(),
      changedMatches: z.number().int(),
    }),
  })
  .meta({ id: 'ScreenNowResponse' });

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/entities/{entityId}/screen – screen a stored entity now ("screen now")
  POST: apiRoute({
    summary: 'Screen an entity now',
    description:
      'Screens the entity (any role) against the shared lists and the tenant’s Custom list with its names in both scripts, date of birth, nationality and identities, ' +
      'and stores what it finds like ongoing monitoring does: new matches join its case, a FalsePositive of a changed entry reopens. Audited; a monitored entity emits ' +
      '`MonitoredEntityUpdate` per new or changed match.',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer'],
    params: entityParams,
    response: screenNowResponse,
    handler: ({ auth, actor, requestId, params }) => screenEntityNow({ tenantId: auth.tenantId, entityId: params.entityId, actor, requestId }),
  }),
});
