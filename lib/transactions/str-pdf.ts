/**
 * The STR draft as a PDF, for the compliance officer to read, sign off and file through the FIU's
 * own channel (the goAML-style XML in str-xml.ts is the machine-readable twin). Built from the same
 * facts frozen at approval: the reporting institution, the subject (names in English and Arabic),
 * the reason for suspicion, the indicators (the rules that fired, with their versions) and every
 * transaction with its parties. Labels are bilingual; Arabic is shaped and laid out right to left
 * (pdf-text.ts). PDFKit draws it; fonts are embedded (subsets).
 */
import PDFDocument from 'pdfkit';
import { hasArabic, paragraph, registerFonts } from './pdf-text';
import { loadUsers } from '@/lib/cases/users';
import { getStrFacts, type StrFacts } from './monitoring-case';

const MARGIN = 48;

export async function strPdf({
  facts,
  tenant,
  reportId,
  createdAt,
  users,
}: {
  facts: StrFacts;
  tenant: { slug: string; nameEn: string };
  reportId: string;
  createdAt: Date;
  users: Map<string, { displayName: string; email: string }>;
}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: {
      Title: `STR draft ${reportId}`,
      Subject: `Suspicious transaction report draft, case ${facts.caseId}`,
      Creator: tenant.nameEn,
      Producer: 'Compliance CRM',
    },
    lang: 'en',
    // A4 with the fonts registered below; the default Helvetica is never used.
    autoFirstPage: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerFonts(doc);

  const x = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const half = (width - 16) / 2;
  const write = (text: string, opts: { size?: number; bold?: boolean; color?: string; rtl?: boolean; gap?: number } = {}) =>
    paragraph(doc, text, { x, width, ...opts });
  /** An English label with its Arabic twin on the same line (Arabic at the right edge). */
  const heading = (en: string, ar: string) => {
    doc.y += 8;
    const y = doc.y;
    paragraph(doc, en, { x, width: half, size: 12, bold: true, rtl: false, gap: 0 });
    const below = doc.y;
    doc.y = y;
    paragraph(doc, ar, { x: x + half + 16, width: half, size: 12, bold: true, rtl: true, gap: 0 });
    doc.y = Math.max(below, doc.y) + 2;
    doc
      .moveTo(x, doc.y)
      .lineTo(x + width, doc.y)
      .lineWidth(0.5)
      .strokeColor('#94a3b8')
      .stroke();
    doc.y += 4;
  };
  const field = (label: string, value: string | null | undefined) => {
    if (value === null || value === undefined || value === '') return;
    write(`${label}: ${value}`, { rtl: false });
  };
  const user = (id: string | null) => (id ? (users.get(id)?.displayName ?? id) : '—');

  write('Suspicious Transaction Report (STR) — DRAFT', { size: 16, bold: true, rtl: false, gap: 0 });
  write('بلاغ عن معاملة مشبوهة — مسودة', { size: 16, bold: true, rtl: true, gap: 4 });
  write('Not filed. Prepared from the case facts frozen at approval, for review and filing through the FIU’s reporting channel.', {
    size: 9,
    color: '#475569',
    rtl: false,
  });

  heading('Report', 'البلاغ');
  field('Reporting institution', `${tenant.nameEn} (${tenant.slug})`);
  field('Report id', reportId);
  field('Case id', facts.caseId);
  field('Prepared at', `${createdAt.toISOString().slice(0, 19)}Z`);
  field('Local currency', facts.transactions[0]?.currencyCode ?? 'SAR');

  heading('Subject', 'الشخص المبلغ عنه');
  const e = facts.entity;
  field('Name (English)', e.nameEn);
  if (e.nameAr) write(`الاسم بالعربية: ${e.nameAr}`, { rtl: true });
  field('Type', typeof e.type === 'string' ? e.type : null);
  field('CRM id', typeof e.crmId === 'string' ? e.crmId : null);
  field('Entity id', e.id);
  field('Nationality', typeof e.nationalityCode === 'string' ? e.nationalityCode : null);
  field('Date of birth', typeof e.dob === 'string' ? e.dob : null);
  field('E-mail', typeof e.email === 'string' ? e.email : null);
  for (const i of e.identities ?? []) field(`Identity (${i.type})`, i.number);

  heading('Reason for suspicion', 'أسباب الاشتباه');
  const reason = facts.decision.reason ?? '—';
  write(reason, { rtl: hasArabic(reason) ? undefined : false });
  field('Proposed by (maker)', `${user(facts.decision.makerUserId)} · ${facts.decision.proposedAt}`);
  field('Approved by (checker)', `${user(facts.decision.checkerUserId)} · ${facts.decision.approvedAt}`);

  heading('Indicators', 'المؤشرات');
  if (!facts.alerts.length) write('—', { rtl: false });
  for (const a of facts.alerts) {
    write(`${a.rule ?? 'Manual'}${a.ruleVersion ? ` v${a.ruleVersion}` : ''} · ${a.severity} · ${a.createdAt}`, { bold: true, rtl: false, gap: 0 });
    write(a.reason, { rtl: false });
  }

  heading(`Transactions (${facts.transactions.length})`, 'المعاملات');
  for (const t of facts.transactions) {
    const side = (s: StrFacts['transactions'][number]['source'], country: string | null) =>
      [s.method, s.iban ?? s.vIban, country ? `(${country})` : null].filter(Boolean).join(' ');
    write(`${t.transactionDate} · ${t.externalRef} · ${t.direction} · ${t.amount} ${t.currencyCode}`, { bold: true, rtl: false, gap: 0 });
    write(`From: ${side(t.source, t.sourceCountry)} · To: ${side(t.target, t.targetCountry)}`, { rtl: false, gap: 0 });
    write(`Transaction id: ${t.id}`, { size: 8, color: '#475569', rtl: false });
  }

  doc.end();
  return done;
}

/** The case's STR draft as a PDF download (NOT_FOUND without a draft). */
export async function getStrPdf({ tenantId, caseId }: { tenantId: string; caseId: string }) {
  const { report, facts, tenant } = await getStrFacts({ tenantId, caseId });
  const users = await loadUsers([facts.decision.makerUserId, facts.decision.checkerUserId].filter((id): id is string => !!id));
  const bytes = await strPdf({ facts, tenant, reportId: report.id, createdAt: report.createdAt, users });
  return { name: `str-${report.id}.pdf`, mimeType: 'application/pdf', size: bytes.length, body: new Uint8Array(bytes) };
}
