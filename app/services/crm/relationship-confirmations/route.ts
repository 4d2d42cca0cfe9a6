import { AppError, isAppError } from '@/lib/core/errors';
import { formatIssues } from '@/lib/core/validation';
import { apiRoute, apiRoutes } from '@/lib/http/route';
import { limitAnonymous } from '@/lib/http/client-rate-limit';
import { confirmationForm, confirmationResult } from '@/lib/relationships/schemas';
import { confirmRelationshipByToken } from '@/lib/relationships/decide-relationship';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/relationship-confirmations – public: the related party approves or rejects through its e-mailed link
  POST: apiRoute({
    summary: 'Confirm or reject a relationship (public; the e-mailed token is the credential)',
    description:
      'The form of the public page /{locale}/relationships/confirm/{token} (no sign-in): `token`, `decision` (Approve | Reject), optional `reason`, `locale`, form-encoded. The token travels in the body, never in a URL this route logs. ' +
      'A browser form post (Accept: text/html) is answered 303 back to that page, which shows the outcome; any other caller gets JSON. ' +
      'Unknown or tampered token → 404; a used, resent or expired link, or a relationship no longer pending → 409 CONFLICT, and nothing changes. ' +
      'Rate limited per client address (10 a minute) and overall (20 a second): 429 with Retry-After. Emits `RelationshipApprovalUpdate` (decidedBy `RelatedParty`) and is audited.',
    auth: 'none',
    rateLimit: false,
    otherBody: { contentType: 'application/x-www-form-urlencoded', schema: confirmationForm, limitBytes: () => 16 * 1024 },
    response: confirmationResult,
    errors: ['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
    handler: async ({ request, rawBody, requestId }) => {
      limitAnonymous(request, 'relationship-confirmations', { perSecond: 10 / 60, burst: 10 }, { perSecond: 20, burst: 40 });
      const fields = Object.fromEntries(new URLSearchParams(Buffer.from(rawBody).toString('utf8')));
      const parsed = confirmationForm.safeParse(fields);
      const fromBrowser = (request.headers.get('accept') ?? '').includes('text/html');
      if (!fromBrowser) {
        if (!parsed.success) throw AppError.validation(...formatIssues(parsed.error));
        return confirmRelationshipByToken({ ...parsed.data, requestId });
      }
      // A plain HTML form (the page works without JavaScript): back to the page, which reads the outcome.
      const locale = fields.locale === 'ar' ? 'ar' : 'en';
      const token = typeof fields.token === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(fields.token) ? fields.token : 'invalid';
      let result = 'error';
      if (parsed.success) {
        try {
          result = (await confirmRelationshipByToken({ ...parsed.data, requestId })).data.approvalStatus === 'Approved' ? 'approved' : 'rejected';
        } catch (error) {
          if (!isAppError(error)) throw error;
        }
      }
      return new Response(null, {
        status: 303,
        headers: { location: `/${locale}/relationships/confirm/${token}?result=${result}`, 'cache-control': 'no-store' },
      });
    },
  }),
});
