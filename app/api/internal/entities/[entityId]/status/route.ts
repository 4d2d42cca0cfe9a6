import crypto from 'node:crypto';
import { requireApiUser, internalJson } from '@/lib/auth/api-session';
import { internalStatusBody, uuidParam } from '@/lib/auth/internal-schemas';
import { parseIdOr404, parseOr400, readJson } from '@/lib/auth/parse';
import { updateClientStatus } from '@/lib/entities/update-client-status';

// PATCH /api/internal/entities/{entityId}/status – change a client's status (officer, admin)
export function PATCH(request: Request, { params }: { params: Promise<{ entityId: string }> }) {
  return internalJson(async () => {
    const { tenantId, user } = await requireApiUser({ roles: ['admin', 'officer'] });
    const body = parseOr400(internalStatusBody, await readJson(request));
    const entityId = parseIdOr404(uuidParam, (await params).entityId);
    return updateClientStatus({ tenantId, entityId, status: body.status, reason: body.reason, emailOptions: body.emailOptions, actor: { type: 'user', id: user.id }, requestId: crypto.randomUUID() });
  });
}
