import fs from 'node:fs';
import path from 'node:path';
import { getTenantBySlug } from '@/lib/tenancy/tenants';
import { exportEntity } from '@/lib/privacy/export-entity';
import { eraseDueEntities, getRetentionState, requestErasure } from '@/lib/privacy/erasure';
import { required, type Command } from './command';

/** Personal data (lib/privacy; README, Personal data). */
export const privacyCommands: Record<string, Command> = {
  'entity:export': {
    usage: 'entity:export --tenant acme --entity <id> --out FILE.tar.gz  (everything held about the entity; audited)',
    options: { tenant: 'string', entity: 'string', out: 'string' },
    run: async (o) => {
      const tenant = await getTenantBySlug({ slug: required(o, 'tenant') });
      const out = await exportEntity({ tenantId: tenant.id, entityId: required(o, 'entity'), actor: { type: 'cli' } });
      const file = path.resolve(required(o, 'out'));
      fs.writeFileSync(file, out.archive, { mode: 0o600 });
      return { file, bytes: out.archive.byteLength, counts: out.counts };
    },
  },
  'entity:erasure-request': {
    usage: 'entity:erasure-request --tenant acme --entity <id> [--note "..."]  (recorded; honoured after the retention period)',
    options: { tenant: 'string', entity: 'string', note: 'string' },
    run: async (o) => {
      const tenant = await getTenantBySlug({ slug: required(o, 'tenant') });
      return requestErasure({
        tenantId: tenant.id,
        entityId: required(o, 'entity'),
        note: typeof o.note === 'string' ? o.note : undefined,
        actor: { type: 'cli' },
      });
    },
  },
  'entity:retention': {
    usage: 'entity:retention --tenant acme --entity <id>  (retention state and erasure request)',
    options: { tenant: 'string', entity: 'string' },
    run: async (o) => {
      const tenant = await getTenantBySlug({ slug: required(o, 'tenant') });
      return getRetentionState({ tenantId: tenant.id, entityId: required(o, 'entity') });
    },
  },
  'privacy:erase-due': {
    usage: 'privacy:erase-due  (what the daily job does: carry out the erasure requests whose retention period is over)',
    options: {},
    run: () => eraseDueEntities(),
  },
};
