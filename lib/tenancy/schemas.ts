import { z } from 'zod';
import { wireTimestamp } from '@/lib/core/format';

export const tenantSlug = z
  .string()
  .min(2)
  .max(63)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'lowercase letters, digits and inner hyphens only');

export const createTenantInput = z.object({
  slug: tenantSlug,
  nameEn: z.string().trim().min(1).max(200),
  nameAr: z.string().trim().min(1).max(200).optional(),
});

export const userRole = z.enum(['admin', 'officer', 'rm']);
export type UserRoleValue = z.infer<typeof userRole>;

export const createUserInput = z.object({
  email: z
    .email()
    .max(320)
    .transform((e) => e.toLowerCase()),
  password: z.string().min(10, 'at least 10 characters').max(200),
  role: userRole,
  displayName: z.string().trim().min(1).max(200).optional(),
  tenantSlug: tenantSlug.optional(),
});

export type CreateTenantInput = z.infer<typeof createTenantInput>;
export type CreateUserInput = z.infer<typeof createUserInput>;

// Sessions and accounts (officer app; issue 19's user administration builds on these).
const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

export const userParams = z.object({ userId: uuid });

export const endedSessionsResponse = z.object({ data: z.object({ endedSessions: z.number().int().min(0) }) });

export const userActivationResponse = z.object({ data: z.object({ deactivated: z.boolean(), endedSessions: z.number().int().min(0) }) });

// ---- User administration: invitations, roles, password links ----
export const inviteUserBody = z
  .object({
    email: z.email().max(320),
    role: userRole,
    displayName: z.string().trim().min(1).max(200).optional(),
    language: z.enum(['en', 'ar']).optional().meta({ description: "Language of the e-mail; default the tenant's default language." }),
  })
  .meta({ id: 'InviteUser' });
export const invitedUserResponse = z
  .object({
    data: z.object({
      id: z.uuid(),
      email: z.string(),
      displayName: z.string(),
      role: userRole,
      expiresAt: wireTimestamp.meta({ description: 'When the e-mailed link stops working.' }),
    }),
  })
  .meta({ id: 'InvitedUser' });
export const changeRoleBody = z.object({ role: userRole }).meta({ id: 'ChangeUserRole' });
export const userRoleResponse = z.object({ data: z.object({ id: z.uuid(), role: userRole }) });
export const passwordLinkBody = z.object({ language: z.enum(['en', 'ar']).optional() });
export const passwordLinkResponse = z.object({ data: z.object({ expiresAt: wireTimestamp }) });
export const forgotPasswordBody = z
  .object({ email: z.string().trim().min(1).max(320), language: z.enum(['en', 'ar']).default('en') })
  .meta({ id: 'ForgotPassword' });
export const acceptedResponse = z.object({ data: z.object({ accepted: z.literal(true) }) });
export const redeemLinkBody = z.object({ token: z.string().min(1).max(200), password: z.string().max(200) }).meta({ id: 'RedeemUserLink' });
export const redeemLinkResponse = z.object({ data: z.object({ kind: z.enum(['invite', 'reset']), email: z.string() }) });
export const mfaPolicyBody = z.object({ required: z.boolean() }).meta({ id: 'MfaPolicy' });
export const mfaPolicyResponse = z.object({ data: z.object({ required: z.boolean() }) });

// ---- Two-step sign-in (TOTP) ----
export const mfaStatusResponse = z
  .object({ data: z.object({ enabled: z.boolean(), required: z.boolean(), recoveryCodesLeft: z.number().int().min(0) }) })
  .meta({ id: 'MfaStatus' });
export const mfaEnrolmentResponse = z
  .object({
    data: z.object({
      secret: z.string().meta({ description: 'Base32 secret, for typing into the app by hand.' }),
      otpauthUri: z.string(),
      qrSvg: z.string().meta({ description: 'The otpauth URI as a QR code (SVG markup).' }),
    }),
  })
  .meta({ id: 'MfaEnrolment' });
export const mfaCodeBody = z.object({ code: z.string().trim().min(1).max(20) }).meta({ id: 'MfaCode' });
export const mfaRecoveryCodesResponse = z
  .object({ data: z.object({ recoveryCodes: z.array(z.string()).meta({ description: 'Ten single-use codes, shown only in this answer.' }) }) })
  .meta({ id: 'MfaRecoveryCodes' });
export const mfaDisabledResponse = z.object({ data: z.object({ enabled: z.literal(false) }) });

export const changePasswordBody = z.object({
  currentPassword: z.string().min(1).max(200),
  newPassword: z.string().max(200),
});

// ---- API keys (officer app: tenant administrators) ----
export const apiKeySchema = z
  .object({
    id: z.uuid(),
    prefix: z.string().meta({ description: 'The 12 characters after `crm_`: identifies the key in logs; not a secret.' }),
    label: z.string().nullable(),
    createdAt: wireTimestamp,
    lastUsedAt: wireTimestamp.nullable().meta({ description: 'Recorded at most once a minute.' }),
    revokedAt: wireTimestamp.nullable(),
  })
  .meta({ id: 'ApiKey' });
export const apiKeyList = z.object({ data: z.array(apiKeySchema) }).meta({ id: 'ApiKeyList' });
export const createApiKeyInput = z.object({ label: z.string().trim().min(1).max(100).optional() }).meta({ id: 'CreateApiKey' });
export const createdApiKeyResponse = z
  .object({ data: apiKeySchema.extend({ apiKey: z.string().meta({ description: 'The whole key, shown only in this answer.' }) }) })
  .meta({ id: 'CreatedApiKey' });
export const apiKeyParams = z.object({ apiKeyId: z.uuid() });

/** True for an IANA zone name this runtime knows (`Asia/Riyadh`, `UTC`). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name);
  } catch {
    return false;
  }
}

const percent = z.number().min(0).max(100);
const quota = z.number().int().min(0).max(1_000_000_000);

/**
 * A tenant's settings, each kept where its service reads it: the bulk quota (Tenant.entityQuota*,
 * as `tenant:quota` sets), screening thresholds (Tenant.screeningConfig, percentages), KYC risk
 * thresholds (KycSettings), the beneficial-ownership threshold and default language (Tenant, as
 * `tenant:relationships` sets), the time zone (Tenant.timeZone) and the two-step sign-in policy
 * (Tenant.mfaRequired, as PUT /users/mfa-policy sets).
 */
export const tenantSettingsSchema = z
  .object({
    quota: z.object({ soft: z.number().int(), hard: z.number().int(), entities: z.number().int().meta({ description: 'Entities held now.' }) }),
    screening: z
      .object({ review: z.number(), autoMatch: z.number() })
      .meta({ description: 'Percentages: a match at or above review is shown, at or above autoMatch is AutoMatch.' }),
    kycRisk: z.object({ mediumFrom: z.number(), highFrom: z.number() }).meta({ description: 'Low < mediumFrom ≤ Medium < highFrom ≤ High.' }),
    uboThreshold: z.number(),
    defaultLanguage: z.enum(['en', 'ar']),
    timeZone: z.string(),
    mfaRequired: z.boolean().meta({ description: 'Two-step sign-in required of every user of the tenant (administrators always need it).' }),
  })
  .meta({ id: 'TenantSettings' });
export type TenantSettings = z.infer<typeof tenantSettingsSchema>;
export const tenantSettingsEnvelope = z.object({ data: tenantSettingsSchema }).meta({ id: 'TenantSettingsEnvelope' });

export const updateTenantSettingsInput = z
  .object({
    quota: z
      .object({ soft: quota, hard: quota })
      .refine((q) => q.soft <= q.hard, { path: ['soft'], message: 'the soft threshold cannot exceed the hard one' })
      .optional(),
    screening: z
      .object({ review: percent.min(1), autoMatch: percent.min(1) })
      .refine((s) => s.review <= s.autoMatch, { path: ['autoMatch'], message: 'must not be below review' })
      .optional(),
    kycRisk: z
      .object({ mediumFrom: percent, highFrom: percent })
      .refine((k) => k.mediumFrom < k.highFrom, { path: ['highFrom'], message: 'must be above mediumFrom' })
      .optional(),
    uboThreshold: z.number().gt(0).max(100).optional(),
    defaultLanguage: z.enum(['en', 'ar']).optional(),
    timeZone: z.string().trim().max(64).refine(isTimeZone, 'not a known IANA time zone (e.g. Asia/Riyadh)').optional(),
    mfaRequired: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'UpdateTenantSettings' });
export type UpdateTenantSettingsInput = z.infer<typeof updateTenantSettingsInput>;
