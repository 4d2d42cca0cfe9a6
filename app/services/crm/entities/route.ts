import { apiRoute, apiRoutes } from '@/lib/http/route';
import { entityList, listEntitiesQuery } from '@/lib/entities/schemas';
import { listEntitiesJson } from '@/lib/entities/list-entities';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/entities – list entities (also the officer app's entity list)
  GET: apiRoute({
    summary: 'List entities (newest first unless sorted)',
    description:
      '`q` is split into words; each must occur in either name, the e-mail, crmId, an identity number or an IBAN. The comparison ignores case, ' +
      'Latin accents, the hamza forms of alef (أ إ آ → ا), ى/ي, ة/ه, tatweel, harakat, Arabic-Indic digits and punctuation between words ' +
      '(`محمد القحطاني` finds "مُحمّد عبدالله القحطاني", `Al Qahtani` finds "Al-Qahtani"). `sort` orders the whole filtered list; ' +
      '`worklist` narrows it to entities with a pending identity verification or an identity expiring within 30 days.',
    auth: ['apiKey', 'session'],
    query: listEntitiesQuery,
    response: entityList,
    handler: ({ auth, query: { page, size, ...filters } }) => listEntitiesJson({ tenantId: auth.tenantId, page: { page, size }, filters }),
  }),
});
