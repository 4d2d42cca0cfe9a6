// The STR draft as a PDF: it parses, carries the case's facts, and lays Arabic out right to left.
import { describe, expect, it } from 'vitest';
import { extractText } from 'unpdf';
import { POST as createTxRoute } from '@/app/services/crm/transactions/route';
import { POST as createRuleRoute } from '@/app/services/crm/transaction-rules/route';
import { PATCH as ruleStatusRoute } from '@/app/services/crm/transaction-rules/[ruleId]/status/route';
import { POST as proposeRoute } from '@/app/services/crm/cases/[caseId]/disposition-proposal/route';
import { POST as decideRoute } from '@/app/services/crm/cases/[caseId]/disposition-decision/route';
import { GET as strPdfRoute } from '@/app/services/crm/cases/[caseId]/str-report/pdf/route';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createOfficer } from '@/scripts/testing/officers';
import { createTestEntity, individualInput } from '@/scripts/testing/record-factories';
import { visualPieces } from './pdf-text';

useTestDatabase();

const pdfOf = (headers: Record<string, string>, caseId: string) =>
  strPdfRoute(new Request('http://127.0.0.1/x', { headers }), { params: Promise.resolve({ caseId }) });

describe('STR draft PDF', () => {
  it('a case closed as Reported downloads as a PDF that parses and states the subject, reason, indicators and transactions', async () => {
    const t = await createTestTenant();
    const maker = await createOfficer(t);
    const checker = await createOfficer(t);
    const e = await createTestEntity(t.id, 'Client', individualInput({ nameEn: 'Hamad Saleh Al-Harbi', nameAr: 'محمد صالح الحربي' }));
    const rule = await callRoute(createRuleRoute, 'POST', '/x', {
      headers: maker.headers,
      body: { code: 'BIG', nameEn: 'Large', nameAr: 'مبلغ كبير', config: { template: 'LargeAmount', params: { threshold: '50000', currency: 'SAR' } } },
    });
    await callRoute(ruleStatusRoute, 'PATCH', '/x', { headers: maker.headers, params: { ruleId: rule.body.data.id }, body: { status: 'Published' } });
    const tx = await callRoute(createTxRoute, 'POST', '/x', {
      headers: t.headers,
      body: {
        source: { method: 'BankAccount', iban: 'SA0380000000608010167519' },
        target: { method: 'Wallet', vIban: `PDF-${e.id}`, entity: { id: e.id } },
        externalRef: 'WIRE-2026-0042',
        transactionDate: '2026-11-20T10:00:00Z',
        amount: '75000.35',
        currency: 'SAR',
      },
    });
    const caseId = tx.body.data.triggeredAlerts[0].caseId as string;
    expect((await pdfOf(t.headers, caseId)).status).toBe(404); // no draft before the case is Reported

    const reason = 'إيداع كبير من حساب SA0380000000608010167519 لا يتناسب مع دخل العميل (75000.35 SAR).';
    await callRoute(proposeRoute, 'POST', '/x', { headers: maker.headers, params: { caseId }, body: { disposition: 'Reported', comment: reason } });
    expect((await callRoute(decideRoute, 'POST', '/x', { headers: checker.headers, params: { caseId }, body: { approve: true } })).status).toBe(200);

    const res = await pdfOf(maker.headers, caseId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="str-[0-9a-f-]+\.pdf"/);
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const { text, totalPages } = await extractText(bytes, { mergePages: true });
    expect(totalPages).toBeGreaterThanOrEqual(1);
    for (const fact of [
      'Suspicious Transaction Report',
      caseId,
      'Hamad Saleh Al-Harbi',
      'محمد',
      'BIG v1',
      'WIRE-2026-0042',
      '75000.35 SAR',
      'SA0380000000608010167519',
      'Credit',
      e.crmId!,
    ])
      expect(text).toContain(fact);
    // The API key door reads it too; another tenant cannot.
    expect((await pdfOf(t.headers, caseId)).status).toBe(200);
    const other = await createTestTenant();
    expect((await pdfOf(other.headers, caseId)).status).toBe(404);
  }, 90_000); // a whole case flow and three PDF renders (font subsetting is CPU work) on a shared machine
});

describe('bidirectional lines', () => {
  const shown = (line: string, rtl: boolean) => visualPieces(line, rtl, false).map((p) => p.text);

  it('draws an Arabic line from the right edge, with numbers and Latin words kept in reading order', () => {
    expect(shown('محمد 123 abc', true)).toEqual(['abc', ' ', '123', ' ', 'محمد']);
    // Arabic words of one run are shaped together (fontkit reverses them), not word by word.
    expect(shown('عمر بن عبد العزيز', true)).toEqual(['عمر بن عبد العزيز']);
  });

  it('mirrors brackets in Arabic text and puts its final full stop at the far side', () => {
    expect(shown('إيداع (نمط) من SA03.', true)).toEqual(['.', 'SA03', ' ', 'من', ' ', '(', 'نمط', ')', ' ', 'إيداع']);
  });

  it('keeps an Arabic value inside an English line in place', () => {
    expect(shown('Name: محمد علي (SA)', false)).toEqual(['Name: ', 'محمد علي', ' (SA)']);
    expect(visualPieces('Name: محمد', false, false).map((p) => p.font)).toEqual(['latin', 'arabic']);
  });
});
