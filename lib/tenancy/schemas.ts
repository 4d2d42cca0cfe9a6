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
 * `tenant:relationships` sets) and the time zone (Tenant.timeZone).
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
  })
  .strict()
  .meta({ id: 'UpdateTenantSettings' });
export type UpdateTenantSettingsInput = z.infer<typeof updateTenantSettingsInput>;
