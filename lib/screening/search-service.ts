/**
 * `POST /services/crm/screening/search` service: screens one name inside the tenant's
 * RLS-scoped transaction (shared lists have tenantId NULL and are visible to every tenant;
 * Custom entries only to their own tenant). Nothing is stored.
 */
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import type { ScreeningSearchRequest, ScreeningSearchResponse } from './schemas';
import { screenName } from './screen';
import type { Queryable } from './thresholds';

/** Adapts a Prisma interactive transaction to the `query(sql, params)` shape the engine uses. */
export function txQueryable(tx: Tx): Queryable {
  return {
    query: async (sql, params = []) => ({ rows: await tx.$queryRawUnsafe<any[]>(sql, ...params) }),
  };
}

export async function searchScreening({ tenantId, input }: { tenantId: string; input: ScreeningSearchRequest }): Promise<ScreeningSearchResponse> {
  return withTenant(tenantId, (tx) => screenName({ db: txQueryable(tx), tenantId, input }));
}
