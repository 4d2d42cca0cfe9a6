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
