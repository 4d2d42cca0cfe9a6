import { getTenantBySlug } from '@/lib/tenancy/tenants';
import { createTag } from '@/lib/tags/create-tag';
import { TAG_SCOPES } from '@/lib/tags/schemas';
import { CliError, required, type Command } from './command';

export const recordsCommands: Record<string, Command> = {
  'tag:create': {
    usage: `tag:create --tenant acme --name-en "VIP" [--name-ar "..."] [--scope ${TAG_SCOPES.join('|')}]`,
    options: { tenant: 'string', 'name-en': 'string', 'name-ar': 'string', scope: 'string' },
    run: async (o) => {
      const tenant = await getTenantBySlug({ slug: required(o, 'tenant') });
      const scope = (o.scope as string | undefined) ?? 'Entity';
      if (!(TAG_SCOPES as readonly string[]).includes(scope)) throw new CliError(`--scope must be one of ${TAG_SCOPES.join(', ')}`);
      return createTag({
        tenantId: tenant.id,
        input: { nameEn: required(o, 'name-en'), nameAr: o['name-ar'] as string | undefined, scope: scope as (typeof TAG_SCOPES)[number] },
        actor: { type: 'cli' },
      });
    },
  },
};
