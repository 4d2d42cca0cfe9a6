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
