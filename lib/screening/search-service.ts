/**
 * `POST /services/crm/screening/search` service: screens one name inside the tenant's
 * RLS-scoped transaction (shared lists have tenantId NULL and are visible to every tenant;
 * Custom entries only to their own tenant). Nothing is stored.
 */
import { sqlOf } from '@/lib/db/sql';
import { withTenant } from '@/lib/db/tenant-tx';
import type { ScreeningSearchRequest, ScreeningSearchResponse } from './schemas';
import { screenName } from './screen';

export async function searchScreening({ tenantId, input }: { tenantId: string; input: ScreeningSearchRequest }): Promise<ScreeningSearchResponse> {
  return withTenant(tenantId, (tx) => screenName({ db: sqlOf(tx), tenantId, input }));
}
