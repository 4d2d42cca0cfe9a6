import { requireApiUser, internalJson } from '@/lib/auth/api-session';
import { internalEntityQuery } from '@/lib/auth/internal-schemas';
import { parseOr400 } from '@/lib/auth/parse';
import { listEntities } from '@/lib/entities/list-entities';

// GET /api/internal/entities – entity list and search for the officer UI (session auth)
export function GET(request: Request) {
  return internalJson(async () => {
    const { tenantId } = await requireApiUser({ roles: ['admin', 'officer', 'rm'] });
    const { page, size, ...filters } = parseOr400(internalEntityQuery, Object.fromEntries(new URL(request.url).searchParams));
    return listEntities({ tenantId, page: { page, size }, filters });
  });
}
