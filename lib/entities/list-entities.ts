import { buildMeta, type PageQuery } from '@/lib/api/pagination';

/** Lists a tenant's entities, newest first. (Entity storage arrives with the records issue.) */
export async function listEntities({ page }: { tenantId: string; page: PageQuery }) {
  return { meta: buildMeta(page, 0), data: [] as unknown[] };
}
