import crypto from 'node:crypto';
import { requireApiUser, internalJson } from '@/lib/auth/api-session';
import { internalReviewBody, uuidParam } from '@/lib/auth/internal-schemas';
import { parseIdOr404, parseOr400, readJson } from '@/lib/auth/parse';
import { reviewBankAccount } from '@/lib/bank-accounts/review-bank-account';

// PATCH /api/internal/bank-accounts/{accountId}/review – approve or reject a manual account (officer, admin)
export function PATCH(request: Request, { params }: { params: Promise<{ accountId: string }> }) {
  return internalJson(async () => {
    const { tenantId, user } = await requireApiUser({ roles: ['admin', 'officer'] });
    const body = parseOr400(internalReviewBody, await readJson(request));
    const accountId = parseIdOr404(uuidParam, (await params).accountId);
    return reviewBankAccount({ tenantId, accountId, decision: body.decision, comment: body.comment, actor: { type: 'user', id: user.id }, requestId: crypto.randomUUID() });
  });
}
