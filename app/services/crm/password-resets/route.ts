import { apiRoute, apiRoutes } from '@/lib/http/route';
import { clientInfoFrom } from '@/lib/auth/client-info';
import { limitAnonymous } from '@/lib/http/client-rate-limit';
import { acceptedResponse, forgotPasswordBody } from '@/lib/tenancy/schemas';
import { requestPasswordReset } from '@/lib/tenancy/user-links';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/password-resets – public "forgot password": e-mail a reset link if the address has an account
  POST: apiRoute({
    summary: 'Ask for a password-reset link (public)',
    description:
      'Always 202 with the same body, whether or not the address belongs to an account, so accounts cannot be discovered. An active user of a tenant gets a single-use link by e-mail (at most one a minute); ' +
      'platform administrators are reset by an operator with `npm run crm -- user:set-password`. Rate limited per client address (5 a minute) and overall: 429 with Retry-After. Audited (`auth.password-reset-requested`) with the address and user agent.',
    auth: 'none',
    rateLimit: false,
    body: forgotPasswordBody,
    response: acceptedResponse,
    status: 202,
    errors: ['RATE_LIMITED'],
    handler: async ({ request, body }) => {
      limitAnonymous(request, 'password-resets', { perSecond: 5 / 60, burst: 5 }, { perSecond: 10, burst: 20 });
      await requestPasswordReset({ email: body.email, language: body.language, client: clientInfoFrom(request.headers) });
      return { data: { accepted: true as const } };
    },
  }),
});
