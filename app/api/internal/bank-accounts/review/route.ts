import { pageQuery } from '@/lib/api/pagination';
import { requireApiUser, internalJson } from '@/lib/auth/api-session';
import { parseOr400 } from '@/lib/auth/parse';
import { listBankAccountsForReview } from '@/lib/bank-accounts/list-bank-accounts-for-review';

// GET /api/internal/bank-accounts/review – manual bank accounts waiting for review (officer, admin)
export function GET(request: Request) {
  return internalJson(async () => {
    const { tenantId } = await requireApiUser({ roles: ['admin', 'officer'] });
    const page = parseOr400(pageQuery, Object.fromEntries(new URL(request.url).searchParams));
    return listBankAccountsForReview({ tenantId, page });
  });
}
