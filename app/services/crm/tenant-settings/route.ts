import { apiRoute, apiRoutes } from '@/lib/http/route';
import { tenantSettingsEnvelope, updateTenantSettingsInput } from '@/lib/tenancy/schemas';
import { getTenantSettings, updateTenantSettings } from '@/lib/tenancy/tenant-settings';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/tenant-settings – the tenant's quotas, thresholds, language and time zone
  GET: apiRoute({
    summary: "View the tenant's settings",
    description:
      'Bulk onboarding quota (soft and hard, with the entities held now), screening thresholds and KYC risk thresholds (percentages), ' +
      'beneficial-ownership threshold, default e-mail language, time zone (IANA, default Asia/Riyadh) and whether two-step sign-in is required of every user (`mfaRequired`; administrators always need it). Officer sessions with the admin role only.',
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
      '`kycRisk: {mediumFrom, highFrom}`, mediumFrom < highFrom; `uboThreshold` in (0, 100]; `defaultLanguage` en or ar; `timeZone` an IANA name; ' +
      '`mfaRequired` true or false, the same policy as PUT /users/mfa-policy: every user who has not enrolled is sent to enrol at their next page). ' +
      'The same stored settings as `npm run crm -- tenant:quota`, `tenant:relationships` and `tenant:kyc-thresholds`. New KYC thresholds apply to the next scoring. ' +
      'Audited as `tenant.settings.update` with before and after (and a policy change as `tenant.mfa-policy`). Officer sessions with the admin role only.',
    auth: 'session',
    roles: ['admin'],
    body: updateTenantSettingsInput,
    response: tenantSettingsEnvelope,
    handler: ({ auth, actor, requestId, body }) => updateTenantSettings({ tenantId: auth.tenantId, input: body, actor, requestId }),
  }),
});
