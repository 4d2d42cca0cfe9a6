import { createTenant, getTenantBySlug } from '@/lib/tenancy/tenants';
import { createApiKey, listApiKeys, revokeApiKey } from '@/lib/tenancy/api-keys';
import { createUser, setUserPassword } from '@/lib/tenancy/users';
import { resetUserMfa } from '@/lib/tenancy/mfa';
import { withPlatform } from '@/lib/db/tenant-tx';
import { getUploadBudgetUse, setUploadBudget } from '@/lib/attachments/upload-budget';
import { CliError, required, type Command } from './command';

export const platformCommands: Record<string, Command> = {
  'tenant:create': {
    usage: 'tenant:create --slug acme --name-en "Acme" [--name-ar "..."]',
    options: { slug: 'string', 'name-en': 'string', 'name-ar': 'string' },
    run: async (o) => {
      const { tenant, apiKey } = await createTenant({
        slug: required(o, 'slug'),
        nameEn: required(o, 'name-en'),
        nameAr: o['name-ar'] as string | undefined,
      });
      return { tenant: tenant.slug, apiKey };
    },
  },
  'apikey:create': {
    usage: 'apikey:create --tenant acme [--label ci]',
    options: { tenant: 'string', label: 'string' },
    run: async (o) => {
      const tenant = await getTenantBySlug({ slug: required(o, 'tenant') });
      const { apiKey } = await createApiKey({ tenantId: tenant.id, label: o.label as string | undefined });
      return { apiKey };
    },
  },
  'apikey:list': {
    usage: 'apikey:list --tenant acme',
    options: { tenant: 'string' },
    run: async (o) => {
      const tenant = await getTenantBySlug({ slug: required(o, 'tenant') });
      return { apiKeys: await listApiKeys({ tenantId: tenant.id }) };
    },
  },
  'apikey:revoke': {
    usage: 'apikey:revoke --tenant acme (--prefix <the 12 characters after crm_> | --id <apiKeyId>)',
    options: { tenant: 'string', id: 'string', prefix: 'string' },
    run: async (o) => {
      if (Boolean(o.id) === Boolean(o.prefix)) throw new CliError('give one of --prefix or --id');
      const tenant = await getTenantBySlug({ slug: required(o, 'tenant') });
      await revokeApiKey(o.id ? { tenantId: tenant.id, apiKeyId: required(o, 'id') } : { tenantId: tenant.id, prefix: required(o, 'prefix') });
      return { revoked: true };
    },
  },
  'tenant:upload-budget': {
    usage: "tenant:upload-budget --tenant acme [--count <files per day>] [--bytes <bytes per day>] [--default]  (no option: show budget and today's use)",
    options: { tenant: 'string', count: 'string', bytes: 'string', default: 'boolean' },
    run: async (o) => {
      const tenant = await getTenantBySlug({ slug: required(o, 'tenant') });
      if (o.default) return setUploadBudget({ tenantId: tenant.id, maxCount: null, maxBytes: null });
      if (o.count === undefined && o.bytes === undefined) return getUploadBudgetUse({ tenantId: tenant.id });
      const current = await getUploadBudgetUse({ tenantId: tenant.id });
      const number = (value: unknown, name: string) => {
        if (!/^\d+$/.test(String(value))) throw new CliError(`--${name}: a non-negative integer`);
        return Number(value);
      };
      return setUploadBudget({
        tenantId: tenant.id,
        maxCount: o.count !== undefined ? number(o.count, 'count') : current.maxCount,
        maxBytes: o.bytes !== undefined ? number(o.bytes, 'bytes') : current.maxBytes,
      });
    },
  },
  'user:create': {
    usage: 'user:create --email a@b.c --password ... --role admin|officer|rm [--tenant acme] [--name "First Last"]',
    options: { email: 'string', password: 'string', role: 'string', tenant: 'string', name: 'string' },
    // --name is the name the app shows and the STR's reporting person (first and last name); without it, the e-mail's local part.
    run: async (o) => {
      if (o.name !== undefined && !String(o.name).trim()) throw new CliError('--name: must not be empty');
      const user = await createUser({
        email: required(o, 'email'),
        password: required(o, 'password'),
        role: required(o, 'role') as 'admin' | 'officer' | 'rm',
        tenantSlug: o.tenant as string | undefined,
        displayName: o.name as string | undefined,
      });
      return { id: user.id, email: user.email, displayName: user.displayName, role: user.role, tenant: (o.tenant as string | undefined) ?? null };
    },
  },
  'user:set-password': {
    usage: 'user:set-password --email a@b.c --password ...',
    options: { email: 'string', password: 'string' },
    // The way back in for a platform administrator (no tenant to e-mail a reset link from); ends every session of the user.
    run: async (o) => setUserPassword({ email: required(o, 'email'), password: required(o, 'password'), actor: { type: 'cli' } }),
  },
  'user:reset-mfa': {
    usage: 'user:reset-mfa --email a@b.c',
    options: { email: 'string' },
    // Removes a lost second factor (TOTP secret and recovery codes); the user enrols again at the next sign-in.
    run: async (o) => {
      const email = required(o, 'email').trim().toLowerCase();
      const user = await withPlatform((tx) => tx.user.findUnique({ where: { email }, select: { id: true, tenantId: true } }));
      if (!user) throw new CliError(`no user with the e-mail ${email}`);
      return resetUserMfa({ tenantId: user.tenantId, userId: user.id, actor: { type: 'cli' } });
    },
  },
};
