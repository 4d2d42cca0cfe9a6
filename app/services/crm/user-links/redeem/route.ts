import { apiRoute, apiRoutes } from '@/lib/http/route';
import { clientInfoFrom } from '@/lib/auth/client-info';
import { limitAnonymous } from '@/lib/http/client-rate-limit';
import { redeemLinkBody, redeemLinkResponse } from '@/lib/tenancy/schemas';
import { redeemUserLink } from '@/lib/tenancy/user-links';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/user-links/redeem – public: set a password with an e-mailed invitation or reset link
  POST: apiRoute({
    summary: 'Set a password from an e-mailed link (public; the token is the credential)',
    description:
      'The form of /{locale}/set-password/{token}: `token` (in the body, never in a logged URL) and `password` (at least 10 characters). The link works once: unknown, tampered, used, replaced or expired → 400 naming `token`. ' +
      'A reset ends every session of the user. No session is opened: the user signs in next. Rate limited per client address (10 a minute): 429. Audited (`user.invite-accepted`, `auth.password-reset`).',
    auth: 'none',
    rateLimit: false,
    body: redeemLinkBody,
    response: redeemLinkResponse,
    errors: ['RATE_LIMITED'],
    handler: async ({ request, body, requestId }) => {
      limitAnonymous(request, 'user-links', { perSecond: 10 / 60, burst: 10 }, { perSecond: 20, burst: 40 });
      return { data: await redeemUserLink({ token: body.token, password: body.password, client: clientInfoFrom(request.headers), requestId }) };
    },
  }),
});
