import type { z } from 'zod';
import { formatTimestamp } from '@/lib/core/format';
import { withPlatform } from '@/lib/db/tenant-tx';
import type { userSchema } from '@/lib/attachments/schemas';

export type UserOut = z.infer<typeof userSchema>;

/**
 * The officers named by a tenant's cases and matches (makers, checkers, assignees), as the spec's
 * User. Read with platform scope because a platform administrator acting in the tenant is not a row
 * of it; the ids come from the tenant's own rows.
 */
export async function loadUsers(ids: Iterable<string>): Promise<Map<string, UserOut>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await withPlatform((tx) =>
    tx.user.findMany({ where: { id: { in: unique } }, select: { id: true, createdAt: true, updatedAt: true, email: true, displayName: true, role: true } }),
  );
  return new Map(
    rows.map((u) => [
      u.id,
      {
        id: u.id,
        createdAt: formatTimestamp(u.createdAt),
        updatedAt: formatTimestamp(u.updatedAt),
        email: u.email,
        displayName: u.displayName,
        roleId: u.role,
      },
    ]),
  );
}
