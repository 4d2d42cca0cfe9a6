import crypto from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POST as prospectRoute } from '@/app/services/crm/entities/prospect/route';
import { GET as flowsRoute, POST as createFlowRoute } from '@/app/services/crm/kyc-flows/route';
import { PATCH as updateFlowRoute } from '@/app/services/crm/kyc-flows/[flowId]/route';
import { POST as createFormRoute } from '@/app/services/crm/kyc-flows/[flowId]/forms/route';
import { GET as formRoute, PUT as saveRoute } from '@/app/services/crm/kyc-flows/[flowId]/forms/[formId]/route';
import { POST as publishRoute } from '@/app/services/crm/kyc-flows/[flowId]/forms/[formId]/publish/route';
import { POST as deactivateRoute } from '@/app/services/crm/kyc-flows/[flowId]/forms/[formId]/deactivate/route';
import { POST as versionRoute } from '@/app/services/crm/kyc-flows/[flowId]/forms/[formId]/versions/route';
import { POST as submitRoute } from '@/app/services/crm/kyc/[kycId]/forms/[formId]/submissions/route';
import { callRoute } from '@/scripts/testing/api';
import { expectContract } from '@/scripts/testing/contract';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant, type TestTenant } from '@/scripts/testing/factories';
import { answersFor } from '@/scripts/testing/kyc-factories';
import { individualInput } from '@/scripts/testing/record-factories';
import { sessionHeaders } from '@/scripts/testing/session';
import { RawJson } from '@/lib/core/raw-json';
import { formDraftOf } from './form-tree';
import { getForm } from './forms';
import { flowEnvelope, flowList, formEnvelope, formSchema, type FormDraftInput, type OptionInput } from './schemas';

useTestDatabase();

type Handler = Parameters<typeof callRoute>[0];
const call = (handler: Handler, method: string, url: string, headers: Record<string, string>, params: Record<string, string>, body?: unknown) =>
  callRoute(handler, method, url, { headers, params, body });

const scores = (riskLevel: 'Low' | 'Medium' | 'High', extra: Partial<OptionInput['scores']['Retail']> = {}) => {
  const s = { riskLevel, override: false, blocking: false, suitabilityScore: 0, ...extra };
  return { Retail: s, Professional: s, Institutional: s };
};
const choice = (nameEn: string, nameAr: string, riskLevel: 'Low' | 'Medium' | 'High', extra = {}): OptionInput => ({
  nameEn,
  nameAr,
  additionalInfoEnabled: false,
  min: null,
  max: null,
  scores: scores(riskLevel, extra),
});

/** The two-section form the browser test builds in Arabic, as the builder sends it. */
export const TWO_SECTION_FORM: FormDraftInput = {
  type: 'Kyc',
  nameEn: 'Branch onboarding',
  nameAr: 'فتح الحساب في الفرع',
  passMark: null,
  requestType: null,
  source: null,
  sections: [
    {
      nameEn: 'Personal details',
      nameAr: 'البيانات الشخصية',
      weights: { Retail: 40, Professional: 40, Institutional: 20 },
      questions: [
        {
          nameEn: 'Nationality',
          nameAr: 'الجنسية',
          labelEn: 'Your nationality',
          labelAr: 'جنسيتك',
          type: 'Country',
          required: true,
          allowMultiple: false,
          additionalInfoType: null,
          category: 'Nationality',
          unit: null,
          answerSource: 'Prospect',
          subweights: 2,
          options: [],
        },
      ],
    },
    {
      nameEn: 'Source of funds',
      nameAr: 'مصدر الأموال',
      weights: { Retail: 60, Professional: 60, Institutional: 80 },
      questions: [
        {
          nameEn: 'Main source',
          nameAr: 'المصدر الرئيس',
          labelEn: 'Main source of your funds',
          labelAr: 'المصدر الرئيس لأموالك',
          type: 'SingleChoice',
          required: true,
          allowMultiple: false,
          additionalInfoType: null,
          category: 'SourceOfFunds',
          unit: null,
          answerSource: 'Prospect',
          subweights: 1,
          options: [choice('Salary', 'الراتب', 'Low'), choice('Trading', 'التجارة', 'Medium'), choice('Cash gifts', 'هدايا نقدية', 'High', { override: true })],
        },
      ],
    },
  ],
};

async function setup() {
  const t = await createTestTenant();
  const officer = await sessionHeaders({ tenantId: t.id, role: 'officer' });
  const flowRes = await call(createFlowRoute, 'POST', '/services/crm/kyc-flows', officer, {}, { nameEn: 'Branch flow', nameAr: 'مسار الفروع' });
  expect(flowRes.status).toBe(201);
  const flow = expectContract(flowEnvelope, flowRes.body).data;
  return { t, officer, flow };
}

async function createForm(
  officer: Record<string, string>,
  flowId: string,
  body: object = { type: 'Kyc', nameEn: 'Branch onboarding', nameAr: 'فتح الحساب في الفرع' },
) {
  const res = await call(createFormRoute, 'POST', `/services/crm/kyc-flows/${flowId}/forms`, officer, { flowId }, body);
  expect(res.status).toBe(201);
  return expectContract(formEnvelope, res.body).data;
}

const formUrl = (flowId: string, formId: string, tail = '') => `/services/crm/kyc-flows/${flowId}/forms/${formId}${tail}`;

/** The draft input without ids: what an item is, whatever its id. */
function withoutIds(input: FormDraftInput) {
  return {
    ...input,
    sections: input.sections.map(({ id: _s, ...s }) => ({
      ...s,
      questions: s.questions.map(({ id: _q, ...q }) => ({ ...q, options: q.options.map(({ id: _o, ...o }) => o) })),
    })),
  };
}

describe('the form builder routes', () => {
  it('what the builder saves and publishes is exactly what GET returns', async () => {
    const { officer, flow } = await setup();
    const form = await createForm(officer, flow.id);
    expect(form).toMatchObject({ status: 'Draft', version: 1, lineageId: form.id, sections: [] });
    const saved = await call(saveRoute, 'PUT', formUrl(flow.id, form.id), officer, { flowId: flow.id, formId: form.id }, TWO_SECTION_FORM);
    expect(saved.status).toBe(200);
    const savedForm = expectContract(formSchema, saved.body);
    expect(withoutIds(formDraftOf(savedForm))).toEqual(TWO_SECTION_FORM);
    const get = async () =>
      expectContract(formSchema, (await call(formRoute, 'GET', formUrl(flow.id, form.id), officer, { flowId: flow.id, formId: form.id })).body);
    expect(await get()).toEqual(savedForm);

    // Reordering keeps every id (the builder's drag and drop), and sortOrder follows the array.
    const draft = formDraftOf(savedForm);
    const reordered = { ...draft, sections: [draft.sections[1]!, draft.sections[0]!] };
    const again = expectContract(
      formSchema,
      (await call(saveRoute, 'PUT', formUrl(flow.id, form.id), officer, { flowId: flow.id, formId: form.id }, reordered)).body,
    );
    expect(again.sections.map((s) => [s.id, s.sortOrder])).toEqual([
      [draft.sections[1]!.id, 0],
      [draft.sections[0]!.id, 1],
    ]);
    expect(formDraftOf(again)).toEqual(reordered);

    const published = await call(publishRoute, 'POST', formUrl(flow.id, form.id, '/publish'), officer, { flowId: flow.id, formId: form.id });
    expect(published.status).toBe(200);
    const publishedForm = expectContract(formSchema, published.body);
    expect(publishedForm.status).toBe('Published');
    expect(publishedForm.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(formDraftOf(publishedForm)).toEqual(reordered);
    expect(await get()).toEqual(publishedForm);

    // Published is immutable.
    const edit = await call(saveRoute, 'PUT', formUrl(flow.id, form.id), officer, { flowId: flow.id, formId: form.id }, TWO_SECTION_FORM);
    expect(edit).toMatchObject({ status: 409, body: { errorCode: 'FORM_NOT_DRAFT' } });
    expect((await call(publishRoute, 'POST', formUrl(flow.id, form.id, '/publish'), officer, { flowId: flow.id, formId: form.id })).body.errorCode).toBe(
      'INVALID_STATUS_TRANSITION',
    );
  });

  it('GET form sends the cached body of the form version: encoded once, made again after a Draft save', async () => {
    const { t, officer, flow } = await setup();
    const form = await createForm(officer, flow.id);
    const params = { flowId: flow.id, formId: form.id };
    await call(saveRoute, 'PUT', formUrl(flow.id, form.id), officer, params, TWO_SECTION_FORM);
    const read = async () => {
      const body = await getForm({ tenantId: t.id, ...params });
      if (!(body instanceof RawJson) || !body.bytes) throw new Error('expected the cached JSON body with its bytes');
      return body;
    };
    const first = await read();
    expect(await read()).toMatchObject({ bytes: first.bytes });
    expect((await read()).bytes).toBe(first.bytes);
    expect(Buffer.from(first.bytes!).toString('utf8')).toBe(first.text);
    // Sent twice from the same cached bytes: a response must never consume (detach) them.
    for (let i = 0; i < 2; i++) expect((await call(formRoute, 'GET', formUrl(flow.id, form.id), officer, params)).body).toEqual(JSON.parse(first.text));
    expect(first.bytes!.byteLength).toBe(Buffer.byteLength(first.text));

    // An integrator polling the form: the entity tag of this version; If-None-Match naming it → 304, no body.
    const etag = (await call(formRoute, 'GET', formUrl(flow.id, form.id), officer, params)).headers.get('etag');
    expect(etag).toBe(first.etag);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{32}"$/);
    const conditional = (tags: string) => callRoute(formRoute, 'GET', formUrl(flow.id, form.id), { headers: { ...officer, 'if-none-match': tags }, params });
    const unchanged = await conditional(`"other", ${etag!.slice(2)}`);
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBeUndefined();
    expect(unchanged.headers.get('etag')).toBe(etag);
    expect((await conditional('W/"other"')).status).toBe(200);

    // A Draft save touches the form row: the next GET encodes the new tree, never the old bytes.
    const draft = formDraftOf(expectContract(formSchema, JSON.parse(first.text)));
    const renamed = { ...draft, nameEn: 'Branch onboarding (renamed)' };
    const saved = expectContract(formSchema, (await call(saveRoute, 'PUT', formUrl(flow.id, form.id), officer, params, renamed)).body);
    const second = await read();
    expect(second.bytes).not.toBe(first.bytes);
    expect(second.etag).not.toBe(first.etag);
    const changed = await conditional(etag!);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).toBe(second.etag);
    expect(JSON.parse(Buffer.from(second.bytes!).toString('utf8'))).toEqual(saved);
    expect(expectContract(formSchema, (await call(formRoute, 'GET', formUrl(flow.id, form.id), officer, params)).body).nameEn).toBe(
      'Branch onboarding (renamed)',
    );
  });

  it('GET form answers a client that accepts gzip from the version’s gzip bytes, made once; identity otherwise; one weak ETag for both', async () => {
    const { t, officer, flow } = await setup();
    const form = await createForm(officer, flow.id);
    const params = { flowId: flow.id, formId: form.id };
    await call(saveRoute, 'PUT', formUrl(flow.id, form.id), officer, params, TWO_SECTION_FORM);
    const get = async (headers: Record<string, string> = {}, method = 'GET') => {
      const response = await formRoute(new Request(`http://127.0.0.1${formUrl(flow.id, form.id)}`, { method, headers: { ...officer, ...headers } }), {
        params: Promise.resolve(params),
      });
      return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
    };
    const identity = await get();
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.headers.get('vary')).toBe('Accept-Encoding');
    expectContract(formSchema, JSON.parse(identity.bytes.toString('utf8')));

    // What Node's fetch, Python's requests, browsers and curl --compressed send.
    for (const accept of ['gzip, deflate', 'gzip, deflate, br, zstd', 'deflate, gzip, br, zstd']) {
      const gzipped = await get({ 'accept-encoding': accept });
      expect(gzipped.status).toBe(200);
      expect(gzipped.headers.get('content-encoding')).toBe('gzip');
      expect(gzipped.headers.get('vary')).toBe('Accept-Encoding');
      expect(gzipped.headers.get('etag')).toBe(identity.headers.get('etag'));
      expect(gunzipSync(gzipped.bytes).equals(identity.bytes)).toBe(true);
      expect(gzipped.bytes.byteLength).toBeLessThan(identity.bytes.byteLength / 4);
    }
    // Encoded once per version: every answer sends the very bytes kept with the cached body.
    const body = await getForm({ tenantId: t.id, ...params });
    if (!(body instanceof RawJson) || !body.codable) throw new Error('expected the cached body, with its encodings');
    expect(await getForm({ tenantId: t.id, ...params })).toBe(body);
    const kept = await body.gzip();
    expect(await body.gzip()).toBe(kept);
    expect(Buffer.from(kept!).equals((await get({ 'accept-encoding': 'gzip' })).bytes)).toBe(true);

    // Refused or not offered: identity, the same bytes as without the header.
    for (const accept of ['gzip;q=0, deflate', 'identity', '', 'br', 'gzip;q=0.5, identity']) {
      const plain = await get({ 'accept-encoding': accept });
      expect(plain.headers.get('content-encoding'), accept).toBeNull();
      expect(plain.bytes.equals(identity.bytes), accept).toBe(true);
    }

    // HEAD: the GET's headers (Next.js drops the body).
    const head = await get({ 'accept-encoding': 'gzip' }, 'HEAD');
    expect([head.status, head.headers.get('content-encoding'), head.headers.get('etag')]).toEqual([200, 'gzip', identity.headers.get('etag')]);

    // The weak tag matches whichever encoding the client cached: 304 with Vary, no Content-Encoding, no body.
    const notModified = await get({ 'accept-encoding': 'gzip', 'if-none-match': identity.headers.get('etag')! });
    expect(notModified.status).toBe(304);
    expect(notModified.bytes.byteLength).toBe(0);
    expect(notModified.headers.get('content-encoding')).toBeNull();
    expect(notModified.headers.get('vary')).toBe('Accept-Encoding');

    // A Draft save makes a new version: new bytes, a new gzip encoding of them, a new tag.
    const renamed = { ...TWO_SECTION_FORM, nameEn: 'Branch onboarding (renamed)' };
    await call(saveRoute, 'PUT', formUrl(flow.id, form.id), officer, params, renamed);
    const changed = await get({ 'accept-encoding': 'gzip', 'if-none-match': identity.headers.get('etag')! });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(identity.headers.get('etag'));
    expect(JSON.parse(gunzipSync(changed.bytes).toString('utf8')).nameEn).toBe('Branch onboarding (renamed)');
    expect(gunzipSync(changed.bytes).equals((await get()).bytes)).toBe(true);
  });

  it('"edit" makes a new Draft version; publishing it deactivates its predecessor; one Published form per type', async () => {
    const { officer, flow } = await setup();
    const v1 = await createForm(officer, flow.id);
    await call(saveRoute, 'PUT', formUrl(flow.id, v1.id), officer, { flowId: flow.id, formId: v1.id }, TWO_SECTION_FORM);
    await call(publishRoute, 'POST', formUrl(flow.id, v1.id, '/publish'), officer, { flowId: flow.id, formId: v1.id });
    const versionRes = await call(versionRoute, 'POST', formUrl(flow.id, v1.id, '/versions'), officer, { flowId: flow.id, formId: v1.id });
    expect(versionRes.status).toBe(201);
    const v2 = expectContract(formEnvelope, versionRes.body).data;
    expect(v2).toMatchObject({ status: 'Draft', version: 2, lineageId: v1.id });
    expect(withoutIds(formDraftOf(v2))).toEqual(TWO_SECTION_FORM);
    expect(v2.sections[0]!.id).not.toBe(v1.id);
    expect((await call(versionRoute, 'POST', formUrl(flow.id, v1.id, '/versions'), officer, { flowId: flow.id, formId: v1.id })).body.errorCode).toBe(
      'CONFLICT',
    );

    // Another, unrelated Kyc form cannot be published beside v1.
    const other = await createForm(officer, flow.id);
    await call(saveRoute, 'PUT', formUrl(flow.id, other.id), officer, { flowId: flow.id, formId: other.id }, TWO_SECTION_FORM);
    expect((await call(publishRoute, 'POST', formUrl(flow.id, other.id, '/publish'), officer, { flowId: flow.id, formId: other.id })).body.errorCode).toBe(
      'CONFLICT',
    );

    const p2 = await call(publishRoute, 'POST', formUrl(flow.id, v2.id, '/publish'), officer, { flowId: flow.id, formId: v2.id });
    expect(p2.body.status).toBe('Published');
    const v1After = await call(formRoute, 'GET', formUrl(flow.id, v1.id), officer, { flowId: flow.id, formId: v1.id });
    expect(v1After.body).toMatchObject({ status: 'Deactivated', deactivatedAt: expect.stringMatching(/Z$/) });
    const d = await call(deactivateRoute, 'POST', formUrl(flow.id, v2.id, '/deactivate'), officer, { flowId: flow.id, formId: v2.id });
    expect(d.body.status).toBe('Deactivated');
    expect((await call(deactivateRoute, 'POST', formUrl(flow.id, v2.id, '/deactivate'), officer, { flowId: flow.id, formId: v2.id })).status).toBe(409);
  });

  it('refuses incomplete forms at publish and inconsistent trees at save, naming each field', async () => {
    const { officer, flow } = await setup();
    const form = await createForm(officer, flow.id);
    const publish = await call(publishRoute, 'POST', formUrl(flow.id, form.id, '/publish'), officer, { flowId: flow.id, formId: form.id });
    expect(publish.body.validationErrors).toEqual(['sections: a form needs at least one section']);
    const put = (body: unknown) => call(saveRoute, 'PUT', formUrl(flow.id, form.id), officer, { flowId: flow.id, formId: form.id }, body);
    const q = TWO_SECTION_FORM.sections[1]!.questions[0]!;
    const withQuestion = (patch: object) => ({ ...TWO_SECTION_FORM, sections: [{ ...TWO_SECTION_FORM.sections[1]!, questions: [{ ...q, ...patch }] }] });
    expect((await put(withQuestion({ allowMultiple: true }))).body.validationErrors).toEqual([
      'sections.0.questions.0.allowMultiple: only MultipleChoice and Attachment questions take several answers',
    ]);
    expect((await put(withQuestion({ type: 'ShortText' }))).body.validationErrors).toEqual([
      'sections.0.questions.0.options: ShortText questions have no options',
    ]);
    expect((await put(withQuestion({ options: [{ ...q.options[0]!, min: 5, max: 1 }] }))).body.validationErrors).toContain(
      'sections.0.questions.0.options.0.min: only options of Number questions have a range',
    );
    const ranges = withQuestion({
      type: 'Number',
      options: [
        { ...q.options[0]!, min: 0, max: 100 },
        { ...q.options[1]!, min: 50, max: null },
      ],
    });
    expect((await put(ranges)).body.validationErrors).toEqual(['sections.0.questions.0.options.1.min: the range overlaps another option of this question']);
    expect((await put({ ...TWO_SECTION_FORM, sections: [{ ...TWO_SECTION_FORM.sections[0]!, id: crypto.randomUUID() }] })).body.validationErrors).toEqual([
      'sections.0.id: not an item of this form',
    ]);
    expect((await put({ ...TWO_SECTION_FORM, passMark: 10 })).body.validationErrors).toEqual(['passMark: only Suitability forms have a pass mark']);
    await put(withQuestion({ options: [q.options[0]] }));
    const oneOption = await call(publishRoute, 'POST', formUrl(flow.id, form.id, '/publish'), officer, { flowId: flow.id, formId: form.id });
    expect(oneOption.body.validationErrors).toEqual(['sections.0.questions.0.options: a choice question needs at least two options']);
  });

  it('builder writes are for officers signed in: rm 403, API key 401, another tenant 404', async () => {
    const { t, officer, flow } = await setup();
    const form = await createForm(officer, flow.id);
    const rm = await sessionHeaders({ tenantId: t.id, role: 'rm' });
    const other = await createTestTenant();
    const otherOfficer = await sessionHeaders({ tenantId: other.id, role: 'officer' });
    const params = { flowId: flow.id, formId: form.id };
    for (const [headers, status] of [
      [rm, 403],
      [t.headers, 401],
      [otherOfficer, 404],
    ] as const) {
      expect((await call(saveRoute, 'PUT', formUrl(flow.id, form.id), headers, params, TWO_SECTION_FORM)).status).toBe(status);
      expect((await call(publishRoute, 'POST', formUrl(flow.id, form.id, '/publish'), headers, params)).status).toBe(status);
      expect((await call(versionRoute, 'POST', formUrl(flow.id, form.id, '/versions'), headers, params)).status).toBe(status);
      expect((await call(deactivateRoute, 'POST', formUrl(flow.id, form.id, '/deactivate'), headers, params)).status).toBe(status);
      expect((await call(updateFlowRoute, 'PATCH', `/services/crm/kyc-flows/${flow.id}`, headers, { flowId: flow.id }, { isDefault: true })).status).toBe(
        status,
      );
      expect(
        (
          await call(
            createFormRoute,
            'POST',
            `/services/crm/kyc-flows/${flow.id}/forms`,
            headers,
            { flowId: flow.id },
            { type: 'Kyc', nameEn: 'x', nameAr: 'س' },
          )
        ).status,
      ).toBe(status);
    }
    expect((await call(createFlowRoute, 'POST', '/services/crm/kyc-flows', rm, {}, { nameEn: 'x', nameAr: 'س' })).status).toBe(403);
  });

  it('a new default flow takes the new prospects; a flow from the template is complete', async () => {
    const { t, officer, flow } = await setup();
    expect(flow.isDefault).toBe(false);
    const res = await call(
      updateFlowRoute,
      'PATCH',
      `/services/crm/kyc-flows/${flow.id}`,
      officer,
      { flowId: flow.id },
      { isDefault: true, nameEn: 'Branches' },
    );
    expect(expectContract(flowEnvelope, res.body).data).toMatchObject({ isDefault: true, nameEn: 'Branches' });
    const flows = expectContract(flowList, (await call(flowsRoute, 'GET', '/services/crm/kyc-flows', t.headers, {})).body);
    expect(flows.data.filter((f) => f.isDefault).map((f) => f.id)).toEqual([flow.id]);
    const p = await callRoute(prospectRoute, 'POST', '/services/crm/entities/prospect', { headers: t.headers, body: individualInput() });
    expect(p.body.data.kyc.flowId).toBe(flow.id);
    const copy = await call(createFlowRoute, 'POST', '/services/crm/kyc-flows', officer, {}, { nameEn: 'Copy', nameAr: 'نسخة', fromTemplate: true });
    expect(copy.body.data.forms.map((f: { status: string }) => f.status)).toEqual(['Published', 'Published', 'Published', 'Published', 'Published']);
  });

  it('a built and published form takes submissions and scores them (Arabic-built form, end to end)', async () => {
    const { t, officer, flow } = await setup();
    await call(updateFlowRoute, 'PATCH', `/services/crm/kyc-flows/${flow.id}`, officer, { flowId: flow.id }, { isDefault: true });
    const form = await createForm(officer, flow.id);
    await call(saveRoute, 'PUT', formUrl(flow.id, form.id), officer, { flowId: flow.id, formId: form.id }, TWO_SECTION_FORM);
    const published = expectContract(
      formSchema,
      (await call(publishRoute, 'POST', formUrl(flow.id, form.id, '/publish'), officer, { flowId: flow.id, formId: form.id })).body,
    );
    const p = await callRoute(prospectRoute, 'POST', '/services/crm/entities/prospect', { headers: t.headers, body: individualInput() });
    const kycId = p.body.data.kyc.id;
    const res = await call(
      submitRoute,
      'POST',
      `/services/crm/kyc/${kycId}/forms/${form.id}/submissions`,
      t.headers,
      { kycId, formId: form.id },
      answersFor(published, { country: 'KW', byName: { 'Main source': ['Trading'] } }),
    );
    expect(res.status).toBe(201);
    const profile = await callRoute((await import('@/app/services/crm/entities/[entityId]/route')).GET, 'GET', `/services/crm/entities/${p.body.data.id}`, {
      headers: t.headers,
      params: { entityId: p.body.data.id },
    });
    // Personal details: KW Medium (2) × 2 = 4 of 6; funds: Trading Medium 2 of 3.
    // 100 × (40 × 4/6 + 60 × 2/3) / 100 = 66.67 → Medium; the base forms of this flow are in → KycSubmitted.
    expect(profile.body.kyc).toMatchObject({ status: 'KycSubmitted', scores: [{ riskScore: '66.67', riskLevel: 'Medium' }] });
  });
});

describe('no input makes a 500 (fast-check)', () => {
  const jsonValue = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.uuid(),
    fc.array(fc.anything(), { maxLength: 3 }),
    fc.object(),
  );

  it('form builder saves', async () => {
    const { officer, flow } = await setup();
    const form = await createForm(officer, flow.id);
    const mutated = fc.record({
      path: fc.constantFrom(
        'type',
        'nameEn',
        'passMark',
        'sections',
        's.weights',
        's.questions',
        'q.type',
        'q.subweights',
        'q.options',
        'o.min',
        'o.scores',
        'o.id',
        's.id',
      ),
      value: jsonValue,
    });
    await fc.assert(
      fc.asyncProperty(mutated, async ({ path, value }) => {
        const body = structuredClone(TWO_SECTION_FORM) as any;
        const section = body.sections[1];
        const question = section.questions[0];
        const option = question.options[0];
        const [scope, key] = path.includes('.') ? path.split('.') : ['form', path];
        (({ form: body, s: section, q: question, o: option }) as Record<string, any>)[scope!][key!] = value;
        const res = await call(saveRoute, 'PUT', formUrl(flow.id, form.id), officer, { flowId: flow.id, formId: form.id }, body);
        expect([200, 400]).toContain(res.status);
        if (res.status === 400) expect(res.body.validationErrors.length).toBeGreaterThan(0);
      }),
      { numRuns: 80 },
    );
  }, 120_000);

  it('submissions', async () => {
    const t = await createTestTenant();
    const flows = expectContract(flowList, (await call(flowsRoute, 'GET', '/services/crm/kyc-flows', t.headers, {})).body);
    const flow = flows.data[0]!;
    const formId = flow.forms.find((f) => f.type === 'Suitability')!.id;
    const tree = expectContract(formSchema, (await call(formRoute, 'GET', formUrl(flow.id, formId), t.headers, { flowId: flow.id, formId })).body);
    const p = await callRoute(prospectRoute, 'POST', '/services/crm/entities/prospect', { headers: t.headers, body: individualInput() });
    const kycId = p.body.data.kyc.id;
    const valid = answersFor(tree).answers;
    const answer = fc.record(
      {
        questionId: fc.oneof(fc.constantFrom(...valid.map((a) => a.questionId)), fc.uuid(), jsonValue),
        optionIds: fc.oneof(
          fc.array(fc.constantFrom(...tree.sections.flatMap((s) => s.questions.flatMap((q) => q.options.map((o) => o.id))))),
          fc.array(fc.uuid()),
          jsonValue,
        ),
        openAnswer: jsonValue,
        additionalInfo: fc.oneof(fc.dictionary(fc.uuid(), fc.string()), jsonValue),
        attachmentIds: fc.oneof(fc.array(fc.uuid(), { maxLength: 2 }), jsonValue),
      },
      { requiredKeys: ['questionId'] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.record({ answers: fc.array(answer, { maxLength: 6 }) }), jsonValue), async (body) => {
        const res = await call(submitRoute, 'POST', `/services/crm/kyc/${kycId}/forms/${formId}/submissions`, t.headers, { kycId, formId }, body);
        expect([201, 400]).toContain(res.status);
      }),
      { numRuns: 120 },
    );
  }, 120_000);
});
