import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { listTags } from '@/lib/tags/list-tags';
import { recordsCommands } from './records-commands';

useTestDatabase();

describe('npm run crm -- tag:create', () => {
  it('creates a bilingual tag in a scope and returns its JSON', async () => {
    const t = await createTestTenant();
    const tag = (await recordsCommands['tag:create']!.run(
      { tenant: t.slug, 'name-en': 'Sanctions hit', 'name-ar': 'تطابق مع العقوبات', scope: 'Watchlist' },
      [],
    )) as any;
    expect(tag).toMatchObject({ nameEn: 'Sanctions hit', nameAr: 'تطابق مع العقوبات', scope: 'Watchlist' });
    expect((await listTags({ tenantId: t.id, scope: 'Watchlist' })).data).toEqual([tag]);
  });

  it('refuses a missing name, an unknown scope and an unknown tenant', async () => {
    const t = await createTestTenant();
    await expect(recordsCommands['tag:create']!.run({ tenant: t.slug }, [])).rejects.toThrow(/name-en/);
    await expect(recordsCommands['tag:create']!.run({ tenant: t.slug, 'name-en': 'x', scope: 'Galaxy' }, [])).rejects.toThrow(/scope/);
    await expect(recordsCommands['tag:create']!.run({ tenant: 'no-such-tenant', 'name-en': 'x' }, [])).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
