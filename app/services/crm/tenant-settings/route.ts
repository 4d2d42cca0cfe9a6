import { apiRoute, apiRoutes } from '@/lib/http/route';
import { tenantSettingsEnvelope, updateTenantSettingsInput } from '@/lib/tenancy/schemas';
import { getTenantSettings, updateTenantSettings } from '@/lib/tenancy/tenant-settings';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/tenant-settings – the tenant's quotas, thresholds, language and time zone
  GET: apiRoute({
    summary: "View the tenant's settings",
    description:
      'Bulk onboarding quota (soft and hard, with the entities held now), screening thresholds and KYC risk thresholds (percentages), ' +
      'beneficial-ownership threshold, default e-mail language and time zone (IANA, default Asia/Riyadh). Officer sessions with the admin role only.',
    auth: 'session',
    roles: ['admin'],
    response: tenantSettingsEnvelope,
    handler: ({ auth }) => getTenantSettings({ tenantId: auth.tenantId }),
  }),
  // PATCH /services/crm/tenant-settings – change the tenant's settings (audited)
  PATCH: apiRoute({
    summary: "Change the tenant's settings",
    description:
      'Any of the sections; each section is sent whole (`quota: {soft, hard}`, soft ≤ hard; `screening: {review, autoMatch}`, review ≤ autoMatch; ' +
      '`kycRisk: {mediumFrom, highFrom}`, mediumFrom < highFrom; `uboThreshold` in (0, 100]; `defaultLanguage` en or ar; `timeZone` an IANA name). ' +
      'The same stored settings as `npm run crm -- tenant:quota`, `tenant:relationships` and `tenant:kyc-thresholds`. New KYC thresholds apply to the next scoring. ' +
      'Audited as `tenant.settings.update` with before and after. Officer sessions with the admin role only.',
    auth: 'session',
    roles: ['admin'],
    body: updateTenantSettingsInput,
    response: tenantSettingsEnvelope,
    handler: ({ auth, actor, requestId, body }) => updateTenantSettings({ tenantId: auth.tenantId, input: body, actor, requestId }),
  }),
});
