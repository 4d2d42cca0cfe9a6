import { apiRoute, apiRoutes } from '@/lib/http/route';
import { getForm, saveFormDraft } from '@/lib/kyc/forms';
import { formDraftInput, formParams, formSchema, getFormQuery } from '@/lib/kyc/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/kyc-flows/{flowId}/forms/{formId} – view a KYC form with its complete tree (unwrapped)
  GET: apiRoute({
    summary: 'View KYC form by id (unwrapped, complete tree)',
    description:
      'The Form with sections → questions → options → scores, each sorted by `sortOrder`. `submissions` and `kycReviews` are per KYC: empty unless `kycId` names a KYC of this tenant. A form of another flow or tenant is 404. Without `kycId` the answer carries an `ETag` (weak, of this form version); a GET with `If-None-Match` naming it is answered 304 Not Modified with no body, so an integrator polling a form re-reads its tree only when it changed. Without `kycId` the answer is also content-coded by request: `Accept-Encoding` taking gzip (as Node fetch, Python requests, browsers and `curl --compressed` send; q-values honoured, `gzip;q=0` refuses it) gets `Content-Encoding: gzip` (a 10 × 20 × 5 form: 1.2 MB of JSON, ~105 kB gzipped, encoded once per form version), any other request the JSON as is; both carry `Vary: Accept-Encoding` and the same weak `ETag`, which `If-None-Match` matches whichever encoding the client holds.',
    auth: ['apiKey', 'session'],
    params: formParams,
    query: getFormQuery,
    response: formSchema,
    handler: ({ auth, params, query }) => getForm({ tenantId: auth.tenantId, flowId: params.flowId, formId: params.formId, kycId: query.kycId }),
  }),
  // PUT /services/crm/kyc-flows/{flowId}/forms/{formId} – save a Draft form's whole tree (the form builder)
  PUT: apiRoute({
    summary: 'Save a Draft form (whole tree)',
    description:
      'Officers (admin, officer). Replaces the names and the whole tree of a Draft form; array order is `sortOrder`. Items keep their `id` when sent (ids of this form only); new items get new ids. A Published or Deactivated form is immutable: 409 FORM_NOT_DRAFT (create a new version). Answers the Form as GET does.',
    auth: 'session',
    roles: ['admin', 'officer'],
    params: formParams,
    body: formDraftInput,
    response: formSchema,
    errors: ['FORM_NOT_DRAFT', 'CONFLICT'],
    handler: ({ auth, actor, requestId, params, body }) =>
      saveFormDraft({ tenantId: auth.tenantId, flowId: params.flowId, formId: params.formId, input: body, actor, requestId }),
  }),
});
