import { describe, expect, it } from 'vitest';
import { GET as tagsRoute } from '@/app/services/crm/tags/route';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createTag } from './create-tag';

useTestDatabase();
const actor = { type: 'system' as const };

describe('GET /tags', () => {
  it("lists the tenant's tags ({data}), filters by scope, never shows another tenant's", async () => {
    const t = await createTestTenant();
    const other = await createTestTenant();
    const vip = await createTag({ tenantId: t.id, input: { nameEn: 'VIP', nameAr: 'كبار العملاء' }, actor });
    const sanctions = await createTag({ tenantId: t.id, input: { nameEn: 'Sanctions', nameAr: 'عقوبات', scope: 'Watchlist' }, actor });
    await createTag({ tenantId: other.id, input: { nameEn: 'Other tenant' }, actor });
    const all = await callRoute(tagsRoute, 'GET', '/services/crm/tags', { headers: t.headers });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ data: [sanctions, vip] });
    expect(Object.keys(vip).sort()).toEqual(['createdAt', 'id', 'nameAr', 'nameEn', 'scope', 'updatedAt']);
    const watch = await callRoute(tagsRoute, 'GET', '/services/crm/tags?scope=Watchlist', { headers: t.headers });
    expect(watch.body.data).toEqual([sanctions]);
    const bad = await callRoute(tagsRoute, 'GET', '/services/crm/tags?scope=Nope', { headers: t.headers });
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors[0]).toMatch(/^scope: /);
  });

  it('refuses a duplicate name in one scope and keeps nameAr optional (null)', async () => {
    const t = await createTestTenant();
    const tag = await createTag({ tenantId: t.id, input: { nameEn: 'High risk' }, actor });
    expect(tag.nameAr).toBeNull();
    expect(tag.scope).toBe('Entity');
    await expect(createTag({ tenantId: t.id, input: { nameEn: 'High risk' }, actor })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(createTag({ tenantId: t.id, input: { nameEn: '' }, actor })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
