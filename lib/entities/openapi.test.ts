import { describe, expect, it } from 'vitest';
import { getOpenApiDocument } from '@/app/services/crm/route-manifest';

describe('OpenAPI document (records)', () => {
  it('documents every records route with named schemas', () => {
    const doc = getOpenApiDocument() as any;
    for (const [path, method] of [
      ['/entities', 'get'],
      ['/entities/prospect', 'post'],
      ['/entities/screening', 'post'],
      ['/entities/client', 'post'],
      ['/entities/{entityId}', 'get'],
      ['/entities/{entityId}/identities', 'post'],
      ['/entities/{entityId}/bank-accounts', 'post'],
      ['/entities/{entityId}/addresses', 'get'],
      ['/entities/client/{entityId}/status', 'patch'],
      ['/entities/client/{entityId}/classification', 'patch'],
      ['/bank-accounts/manual/{accountId}/review', 'patch'],
      ['/attachments', 'post'],
      ['/attachments/{attachmentId}', 'get'],
      ['/attachments/{attachmentId}/content', 'get'],
      ['/cities', 'get'],
      ['/tags', 'get'],
    ]) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    for (const name of ['Entity', 'EntityProfile', 'Identity', 'Attachment', 'BankAccount', 'Address', 'City', 'Tag', 'Nationality', 'OrganizationStatus']) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    expect(doc.paths['/entities/client'].post.responses['201']).toBeDefined();
    expect(doc.components.schemas.Entity.properties.status.enum).toEqual(['Active', 'Blocked', 'Deactivated', 'Deceased']);
  });
});
