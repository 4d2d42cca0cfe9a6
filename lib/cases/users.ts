import type { z } from 'zod';
import { AppError } from '@/lib/core/errors';
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

/** `assignee=me`: the signed-in user; a tenant system's API key is nobody, so the filter is a 400, not an empty page. */
export function assigneeMe(userId: string | null | undefined): string {
  if (!userId) throw AppError.validation('assignee: `me` names the signed-in user, and an API key has none: send a user id or `unassigned`');
  return userId;
}
