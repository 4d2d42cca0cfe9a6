import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { apiKeyHeaders, errorResponses, jsonContent } from '@/lib/api/openapi';
import { pageQuery } from '@/lib/api/pagination';
import {
  addressList,
  createClientInput,
  createIdentityInput,
  createIdentityResponse,
  createProspectInput,
  createScreeningInput,
  entityEnvelope,
  entityList,
  entityParams,
  entityProfileSchema,
  listEntitiesQuery,
  updateClassificationInput,
  updateStatusInput,
  updateStatusResponse,
} from './schemas';

const body = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });
const CREATE_NOTE =
  'Answers 201. Identity `type` may be omitted for 10-digit Saudi numbers (1… NationalIdentity, 2… ResidencyPermit/Iqama, 7… UnifiedNumber). ' +
  'Gregorian and Hijri dates may be sent alone or together (then they must name the same day); the other is derived (Umm al-Qura). ' +
  'Unknown tagIds or documentIds (including another tenant\'s) are 404. Names 200 characters at most.';

export function registerEntitiesOpenApi(registry: OpenAPIRegistry): void {
  for (const [role, schema, summary] of [
    ['prospect', createProspectInput, 'Create prospect (individual, or organization with rawData stored as received)'],
    ['screening', createScreeningInput, 'Create screening entity'],
    ['client', createClientInput, 'Create client (status Active)'],
  ] as const) {
    registry.registerPath({
      method: 'post',
      path: `/entities/${role}`,
      summary,
      description: CREATE_NOTE + (role === 'prospect' ? ' An organization is a prospect with rawData, an organization identity type or `type: Organization`; rawData fills name, incorporation date, organization status and activities.' : ''),
      request: { headers: apiKeyHeaders, body: body(schema) },
      responses: { 201: jsonContent(entityEnvelope, 'Created'), ...errorResponses('VALIDATION_ERROR', 'NOT_FOUND', 'DUPLICATE_CRM_ID', 'PAYLOAD_TOO_LARGE') },
    });
  }
  registry.registerPath({
    method: 'get',
    path: '/entities',
    summary: 'List entities (newest first)',
    description: '`q` matches a substring of either name, the e-mail, crmId or an identity number (case-insensitive).',
    request: { headers: apiKeyHeaders, query: listEntitiesQuery },
    responses: { 200: jsonContent(entityList), ...errorResponses('VALIDATION_ERROR') },
  });
  registry.registerPath({
    method: 'get',
    path: '/entities/{entityId}',
    summary: 'View entity (complete profile, unwrapped)',
    request: { headers: apiKeyHeaders, params: entityParams },
    responses: { 200: jsonContent(entityProfileSchema), ...errorResponses('NOT_FOUND') },
  });
  registry.registerPath({
    method: 'post',
    path: '/entities/{entityId}/identities',
    summary: 'Create identity',
    description: 'At least one documentId, each an attachment of this tenant (404 otherwise). The same type and number twice on one entity is 409 CONFLICT.',
    request: { headers: apiKeyHeaders, params: entityParams, body: body(createIdentityInput) },
    responses: { 201: jsonContent(createIdentityResponse, 'Created'), ...errorResponses('VALIDATION_ERROR', 'NOT_FOUND', 'CONFLICT') },
  });
  registry.registerPath({
    method: 'get',
    path: '/entities/{entityId}/addresses',
    summary: 'List entity addresses',
    request: { headers: apiKeyHeaders, params: entityParams, query: pageQuery },
    responses: { 200: jsonContent(addressList), ...errorResponses('VALIDATION_ERROR', 'NOT_FOUND') },
  });
  registry.registerPath({
    method: 'patch',
    path: '/entities/client/{entityId}/status',
    summary: 'Update client status',
    description:
      'Allowed: Active↔Blocked, Active/Blocked→Deactivated, Deactivated→Active, any→Deceased (final). Anything else, including the current status, is 409 INVALID_STATUS_TRANSITION. ' +
      'Audited; emits `EntityStatusUpdate` `{entityId, crmId, previousStatus, status, reason, changedAt}`. A non-client is 404.',
    request: { headers: apiKeyHeaders, params: entityParams, body: body(updateStatusInput) },
    responses: { 200: jsonContent(updateStatusResponse), ...errorResponses('VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_STATUS_TRANSITION') },
  });
  registry.registerPath({
    method: 'patch',
    path: '/entities/client/{entityId}/classification',
    summary: 'Update client classification (no KYC transitions)',
    request: { headers: apiKeyHeaders, params: entityParams, body: body(updateClassificationInput) },
    responses: { 200: jsonContent(entityProfileSchema), ...errorResponses('VALIDATION_ERROR', 'NOT_FOUND') },
  });
}
