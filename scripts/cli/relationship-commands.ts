import { getTenantBySlug } from '@/lib/tenancy/tenants';
import { updateRelationshipSettings } from '@/lib/relationships/tenant-settings';
import { CliError, required, type Command } from './command';

export const relationshipCommands: Record<string, Command> = {
  'tenant:relationships': {
    usage: 'tenant:relationships --tenant acme [--ubo-threshold 25] [--default-language en|ar]',
    options: { tenant: 'string', 'ubo-threshold': 'string', 'default-language': 'string' },
    run: async (o) => {
      const tenant = await getTenantBySlug({ slug: required(o, 'tenant') });
      const threshold = o['ubo-threshold'] === undefined ? undefined : Number(o['ubo-threshold']);
      if (threshold !== undefined && !(threshold > 0 && threshold <= 100)) throw new CliError('--ubo-threshold must be a percent above 0 and at most 100');
      const language = o['default-language'] as string | undefined;
      if (language !== undefined && language !== 'en' && language !== 'ar') throw new CliError('--default-language must be en or ar');
      return { tenant: tenant.slug, ...(await updateRelationshipSettings({ tenantId: tenant.id, uboThreshold: threshold, defaultLanguage: language })) };
    },
  },
};
