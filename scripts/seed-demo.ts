// `npm run seed:demo`: a demo tenant with realistic bilingual records (idempotent: records are
// keyed by fixed crmIds, tags by name, users by e-mail; running it twice changes nothing but
// issues a fresh API key, since stored keys are hashes and cannot be shown again).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '@/lib/core/errors';
import { withTenant } from '@/lib/db/tenant-tx';
import { createTenant, getTenantBySlug } from '@/lib/tenancy/tenants';
import { createApiKey } from '@/lib/tenancy/api-keys';
import { createUser } from '@/lib/tenancy/users';
import { createTag } from '@/lib/tags/create-tag';
import { createEntity } from '@/lib/entities/create-entity';
import { createAddress } from '@/lib/entities/create-address';
import { updateClientStatus } from '@/lib/entities/update-client-status';
import { createBankAccount } from '@/lib/bank-accounts/create-bank-account';
import { createAttachment } from '@/lib/attachments/create-attachment';
import type { CreateEntityInput } from '@/lib/entities/schemas';
import { makePdf, makePng, saudiIban } from '@/scripts/testing/record-factories';
import { enableKycForm } from '@/lib/kyc/enable-form';
import { getFormTree } from '@/lib/kyc/forms';
import { submitKycForm } from '@/lib/kyc/submit';
import { answersFor, defaultFlowForms, submitBaseForms, type AnswerPlan } from '@/scripts/testing/kyc-factories';
import { createRule, setRuleStatus, type RuleInput } from '@/lib/transactions/rules/manage-rules';
import { createTransaction } from '@/lib/transactions/create-transaction';
import { createTransactionInput } from '@/lib/transactions/schemas';
import { screenEntityNow } from '@/lib/monitoring/screen-entities';
import { runWatchlistImport } from '@/scripts/screening/watchlist-import';
import { withCliDatabase } from './cli/context';

const actor = { type: 'cli' as const };
const SLUG = 'demo';

/** Stable UUID from a label, so re-runs find the same records. */
function fixedUuid(label: string): string {
  const h = crypto.createHash('sha1').update(`seed-demo:${label}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

interface Person {
  key: string;
  role: 'Client' | 'Prospect' | 'Screening';
  nameEn: string;
  nameAr: string;
  gender: 'Male' | 'Female';
  idNumber: string;
  nationalityCode: string;
  dobHijri?: string;
  dobGregorian?: string;
  city: string;
  street: [string, string];
  bank: string;
  manualBank?: string;
  tags: string[];
  status?: 'Blocked' | 'Deactivated';
  netIncome?: string;
}

const PEOPLE: Person[] = [
  {
    key: 'p1',
    role: 'Client',
    nameEn: 'Mohammed Abdullah Al-Qahtani',
    nameAr: 'محمد عبدالله القحطاني',
    gender: 'Male',
    idNumber: '1012345678',
    nationalityCode: 'SA',
    dobHijri: '1405-03-12',
    city: 'Riyadh',
    street: ['King Fahd Road', 'طريق الملك فهد'],
    bank: '80',
    tags: ['VIP'],
    netIncome: '45000.00',
  },
  {
    key: 'p2',
    role: 'Client',
    nameEn: 'Noura Saad Al-Otaibi',
    nameAr: 'نورة سعد العتيبي',
    gender: 'Female',
    idNumber: '1098765432',
    nationalityCode: 'SA',
    dobGregorian: '1992-11-03',
    city: 'Jeddah',
    street: ['Prince Sultan Street', 'شارع الأمير سلطان'],
    bank: '10',
    manualBank: '05',
    tags: [],
  },
  {
    key: 'p3',
    role: 'Client',
    nameEn: 'Abdulrahman Khalid Al-Harbi',
    nameAr: 'عبدالرحمن خالد الحربي',
    gender: 'Male',
    idNumber: '1055512345',
    nationalityCode: 'SA',
    dobHijri: '1398-07-21',
    city: 'Madinah',
    street: ['Quba Road', 'طريق قباء'],
    bank: '20',
    tags: ['PEP'],
    status: 'Blocked',
  },
  {
    key: 'p4',
    role: 'Client',
    nameEn: 'Ahmed Mahmoud Hassan',
    nameAr: 'أحمد محمود حسن',
    gender: 'Male',
    idNumber: '2234567890',
    nationalityCode: 'EG',
    dobGregorian: '1985-02-14',
    city: 'Dammam',
    street: ['King Saud Street', 'شارع الملك سعود'],
    bank: '45',
    manualBank: '55',
    tags: ['High risk'],
  },
  {
    key: 'p5',
    role: 'Prospect',
    nameEn: 'Sara Fahad Al-Dosari',
    nameAr: 'سارة فهد الدوسري',
    gender: 'Female',
    idNumber: '1077788899',
    nationalityCode: 'SA',
    dobGregorian: '1998-06-30',
    city: 'Khobar',
    street: ['Prince Turki Street', 'شارع الأمير تركي'],
    bank: '60',
    tags: [],
  },
  {
    key: 'p6',
    role: 'Prospect',
    nameEn: 'Rajesh Kumar',
    nameAr: 'راجيش كومار',
    gender: 'Male',
    idNumber: '2456789012',
    nationalityCode: 'IN',
    dobGregorian: '1990-09-09',
    city: 'Riyadh',
    street: ['Olaya Street', 'شارع العليا'],
    bank: '30',
    manualBank: '65',
    tags: [],
  },
  {
    key: 'p7',
    role: 'Screening',
    nameEn: 'Faisal Nasser Al-Shehri',
    nameAr: 'فيصل ناصر الشهري',
    gender: 'Male',
    idNumber: '1033344455',
    nationalityCode: 'SA',
    dobHijri: '1410-01-05',
    city: 'Abha',
    street: ['King Khalid Road', 'طريق الملك خالد'],
    bank: '15',
    tags: ['PEP'],
  },
  {
    key: 'p8',
    role: 'Client',
    nameEn: 'Huda Ali Al-Zahrani',
    nameAr: 'هدى علي الزهراني',
    gender: 'Female',
    idNumber: '1066677788',
    nationalityCode: 'SA',
    dobGregorian: '1979-12-01',
    city: 'Taif',
    street: ['Shihar Road', 'طريق الشهار'],
    bank: '80',
    tags: ['VIP'],
    status: 'Deactivated',
  },
];

const ORGANIZATIONS = [
  {
    key: 'o1',
    crNameEn: 'Najd Trading Company Ltd',
    crName: 'شركة نجد للتجارة المحدودة',
    unified: '7001234567',
    cr: '1010456789',
    issueDate: '1425/03/15',
    activity: ['461011', 'Wholesale of food', 'البيع بالجملة للأغذية'],
    city: 'Riyadh',
    bank: '80',
    manualBank: '10',
    tags: ['VIP'],
  },
  {
    key: 'o2',
    crNameEn: 'Red Sea Logistics Est.',
    crName: 'مؤسسة البحر الأحمر للخدمات اللوجستية',
    unified: '7009876543',
    cr: '4030123456',
    issueDate: '1432/08/02',
    activity: ['522910', 'Freight forwarding', 'الشحن والتخليص'],
    city: 'Jeddah',
    bank: '55',
    tags: ['High risk'],
  },
  {
    key: 'o3',
    crNameEn: 'Eastern Gulf Contracting Co.',
    crName: 'شركة الخليج الشرقي للمقاولات',
    unified: '7005554443',
    cr: '2050987654',
    issueDate: '1418/11/20',
    activity: ['410010', 'Building construction', 'إنشاء المباني'],
    city: 'Dammam',
    bank: '45',
    tags: [],
  },
];

async function ensureTenant() {
  try {
    const { tenant, apiKey } = await createTenant({ slug: SLUG, nameEn: 'Demo Financial Services', nameAr: 'الخدمات المالية التجريبية' });
    return { tenant, apiKey, created: true };
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    const tenant = await getTenantBySlug({ slug: SLUG });
    const { apiKey } = await createApiKey({ tenantId: tenant.id, label: 'seed:demo' });
    return { tenant, apiKey, created: false };
  }
}

async function ensureUser(email: string, password: string, role: 'admin' | 'officer', displayName: string) {
  try {
    await createUser({ email, password, role, tenantSlug: SLUG, displayName });
    return 'created';
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return 'exists';
    throw error;
  }
}

async function ensureTags(tenantId: string) {
  const wanted = [
    { nameEn: 'VIP', nameAr: 'كبار العملاء', scope: 'Entity' as const },
    { nameEn: 'PEP', nameAr: 'شخص معرض سياسياً', scope: 'Entity' as const },
    { nameEn: 'High risk', nameAr: 'مخاطر عالية', scope: 'Entity' as const },
    { nameEn: 'Sanctions list', nameAr: 'قائمة العقوبات', scope: 'Watchlist' as const },
  ];
  const byName = new Map<string, string>();
  for (const t of wanted) {
    const existing = await withTenant(tenantId, (tx) => tx.tag.findFirst({ where: { tenantId, nameEn: t.nameEn, scope: t.scope } }));
    byName.set(t.nameEn, existing?.id ?? (await createTag({ tenantId, input: t, actor })).id);
  }
  return byName;
}

async function exists(tenantId: string, crmId: string) {
  return withTenant(tenantId, (tx) => tx.entity.findFirst({ where: { tenantId, crmId }, select: { id: true } }));
}

async function document(tenantId: string, label: string, kind: 'pdf' | 'png') {
  const bytes = kind === 'pdf' ? makePdf(label) : makePng(16, [20, 90, 60]);
  return (await createAttachment({ tenantId, bytes, name: `${label}.${kind}`, actor })).data.id;
}

async function seedPerson(tenantId: string, p: Person, tags: Map<string, string>) {
  const crmId = fixedUuid(p.key);
  if (await exists(tenantId, crmId)) return false;
  const front = await document(tenantId, `${p.nameEn} - ID front`, 'pdf');
  const selfie = await document(tenantId, `${p.nameEn} - photo`, 'png');
  const input: CreateEntityInput = {
    crmId,
    nameEn: p.nameEn,
    nameAr: p.nameAr,
    email: `${p.nameEn.split(' ')[0]!.toLowerCase()}.${p.key}@demo.example.sa`,
    countryCode: '966',
    phoneNumber: `5${p.idNumber.slice(2, 10)}`,
    gender: p.gender,
    nationalityCode: p.nationalityCode,
    dobHijri: p.dobHijri,
    dobGregorian: p.dobGregorian,
    accountOpenDate: '2024-01-15',
    netIncome: p.netIncome,
    ongoingMonitoring: p.role === 'Client',
    identities: [
      {
        type: p.idNumber.startsWith('2') ? 'ResidencyPermit' : 'NationalIdentity',
        subtype: p.idNumber.startsWith('2') ? 'Iqama' : undefined,
        number: p.idNumber,
        issuingCountryCode: 'SA',
        expiresAt: '2029-08-31',
        documentIds: [front, selfie],
      },
    ],
    tagIds: p.tags.map((t) => tags.get(t)!),
  };
  const entity = (await createEntity({ tenantId, role: p.role, input, actor })).data;
  await createBankAccount({ tenantId, entityId: entity.id, iban: saudiIban(p.bank, Number(p.idNumber)), isPrimary: true, actor });
  if (p.manualBank) {
    const letter = await document(tenantId, `${p.nameEn} - bank letter`, 'pdf');
    await createBankAccount({ tenantId, entityId: entity.id, iban: saudiIban(p.manualBank, Number(p.idNumber) + 7), attachmentId: letter, actor });
  }
  await createAddress({
    tenantId,
    entityId: entity.id,
    actor,
    input: {
      cityNameEn: p.city,
      streetNameEn: p.street[0],
      streetNameAr: p.street[1],
      district: 'Al Olaya',
      districtName: 'العليا',
      unitNumber: '12',
      shortCode: 'RRRD2929',
      phoneNumber: `+9665${p.idNumber.slice(2, 10)}`,
      fullAddress: `${p.street[0]}, ${p.city}`,
    },
  });
  if (p.status) await updateClientStatus({ tenantId, entityId: entity.id, status: p.status, reason: 'Demo data', actor });
  return true;
}

async function seedOrganization(tenantId: string, o: (typeof ORGANIZATIONS)[number], tags: Map<string, string>) {
  const crmId = fixedUuid(o.key);
  if (await exists(tenantId, crmId)) return false;
  const cr = await document(tenantId, `${o.crNameEn} - commercial registration`, 'pdf');
  const entity = (
    await createEntity({
      tenantId,
      role: 'Prospect',
      actor,
      input: {
        crmId,
        email: `compliance.${o.key}@demo.example.sa`,
        countryCode: '966',
        phoneNumber: `11${o.unified.slice(3)}`,
        nationalityCode: 'SA',
        identities: [
          { type: 'UnifiedNumber', number: o.unified, issuingCountryCode: 'SA', documentIds: [cr] },
          { type: 'CommercialRegistration', number: o.cr, issuingCountryCode: 'SA', documentIds: [cr] },
        ],
        tagIds: o.tags.map((t) => tags.get(t)!),
        rawData: {
          crName: o.crName,
          crNameEn: o.crNameEn,
          crNumber: o.cr,
          crEntityNumber: o.unified,
          issueDate: o.issueDate,
          status: { id: 'active', name: 'نشط', nameEn: 'Active' },
          businessType: { id: '201', name: 'شركة ذات مسؤولية محدودة', nameEn: 'Limited Liability Company' },
          activities: { isic: [{ id: o.activity[0], nameEn: o.activity[1], name: o.activity[2] }] },
        },
      },
    })
  ).data;
  await createBankAccount({ tenantId, entityId: entity.id, iban: saudiIban(o.bank, Number(o.unified)), isPrimary: true, actor });
  if (o.manualBank) {
    const letter = await document(tenantId, `${o.crNameEn} - bank letter`, 'pdf');
    await createBankAccount({ tenantId, entityId: entity.id, iban: saudiIban(o.manualBank, Number(o.unified) + 3), attachmentId: letter, actor });
  }
  await createAddress({
    tenantId,
    entityId: entity.id,
    actor,
    input: {
      cityNameEn: o.city,
      streetNameEn: 'Industrial Area Road',
      streetNameAr: 'طريق المنطقة الصناعية',
      fullAddress: `Industrial Area, ${o.city}`,
      status: 'Verified',
    },
  });
  return true;
}

/**
 * KYC answers from the tenant's onboarding system, so that a new user sees scores at once: a
 * low-risk Saudi prospect who passes the suitability test, a self-employed non-resident Indian (Medium) whose RM opened the Edd form and
 * who answered it, and an Egyptian PEP client (High by override, so approving it takes two officers).
 * Only KYCs without submissions are touched, so a re-run changes nothing.
 */
const INVESTOR = {
  'Years of investing': ['2 to 5 years'],
  Instruments: ['Mutual funds', 'Listed shares'],
  'Reaction to a loss': ['Hold on'],
  Objective: ['Balanced growth'],
  Horizon: ['3 to 5 years'],
};
const KYC_DEMO: { key: string; plan: AnswerPlan; edd?: boolean }[] = [
  { key: 'p5', plan: { prefer: 'low', country: 'SA', byName: INVESTOR } },
  {
    key: 'p6',
    plan: {
      country: 'IN',
      byName: {
        'Employment status': ['Business owner or self-employed'],
        'Monthly income': '65000',
        'Source of funds': ['Business income'],
        'Expected monthly deposits': ['50,001 to 250,000'],
        'Purpose of the account': ['Business payments', 'International transfers'],
        'International transfers': ['Yes'],
        'Customer type': ['Non-resident individual'],
      },
    },
    edd: true,
  },
  { key: 'p4', plan: { country: 'EG', byName: { PEP: ['Yes'], 'Employment status': ['Government employee'], ...INVESTOR } } },
];

async function seedKyc(tenantId: string) {
  let submitted = 0;
  for (const demo of KYC_DEMO) {
    const kyc = await withTenant(tenantId, (tx) =>
      tx.kyc.findFirst({
        where: { tenantId, entity: { crmId: fixedUuid(demo.key) } },
        select: { id: true, entity: { select: { dob: true } }, _count: { select: { submissions: true } } },
      }),
    );
    if (!kyc || kyc._count.submissions > 0) continue;
    // The prospect answers with the date of birth on record (the KYC card flags an answer that differs).
    const dob = kyc.entity.dob?.toISOString().slice(0, 10);
    await submitBaseForms({ tenantId, kycId: kyc.id, plan: { ...demo.plan, dob }, actor });
    if (demo.edd) {
      const { forms } = await defaultFlowForms(tenantId);
      const edd = await getFormTree({ tenantId, formId: forms.Edd! });
      const questionIds = edd.sections
        .flatMap((s) => s.questions)
        .filter((q) => q.type !== 'Attachment')
        .map((q) => q.id);
      await enableKycForm({ tenantId, kycId: kyc.id, formId: edd.id, enabledQuestionIds: questionIds, actor });
      await submitKycForm({ tenantId, kycId: kyc.id, formId: edd.id, input: answersFor(edd, { onlyQuestionIds: new Set(questionIds) }), actor });
    }
    submitted++;
  }
  return submitted;
}

/**
 * The tenant's own (Custom) watchlist: one listed person who is a demo client (same names in both
 * scripts, same date of birth: a true match), and a namesake of another client, listed without a
 * date of birth and with another nationality (what an officer dismisses as a false positive).
 * Imported the way `watchlist:import` imports a file.
 */
const CUSTOM_LIST = [
  {
    externalId: 'DEMO-001',
    type: 'Individual',
    names: [
      { value: 'Abdulrahman Khalid Al-Harbi', kind: 'Primary' },
      { value: 'عبدالرحمن خالد الحربي', kind: 'Alias' },
    ],
    dobHijri: '1398-07-21',
    gender: 'Male',
    nationalityCode: 'SA',
    remarks: 'Demo: listed by the compliance team (domestic PEP, senior public office).',
  },
  {
    externalId: 'DEMO-002',
    type: 'Individual',
    names: [
      { value: 'Ahmed Mahmoud Hassan', kind: 'Primary' },
      { value: 'أحمد محمود حسن', kind: 'Alias' },
    ],
    gender: 'Male',
    nationalityCode: 'SY',
    remarks: 'Demo: listed by the compliance team (adverse media).',
  },
];

async function seedCustomList(tenantId: string) {
  const file = path.join(os.tmpdir(), `seed-demo-custom-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(CUSTOM_LIST));
  try {
    const imported = await runWatchlistImport(['--source', 'Custom', '--tenant', SLUG, '--format', 'json', file], { print: () => {} });
    // Screened now, so the cases are there at once; the worker's delta monitoring of the same
    // import may record them first, which changes nothing.
    if (imported.added + imported.updated > 0)
      for (const key of ['p3', 'p4']) {
        const entity = await exists(tenantId, fixedUuid(key));
        if (entity) await screenEntityNow({ tenantId, entityId: entity.id, actor });
      }
    return withTenant(tenantId, (tx) => tx.match.count({ where: { tenantId, source: 'Custom', deprecatedAt: null } }));
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** Two Published rules, as the README's transaction walk-through publishes them. */
const DEMO_RULES: RuleInput[] = [
  {
    code: 'STRUCT-10K',
    nameEn: 'Structuring below 10,000',
    nameAr: 'تجزئة المبالغ دون 10,000',
    descriptionEn: 'Three or more amounts within 10% under 10,000 SAR in 72 hours.',
    descriptionAr: 'ثلاثة مبالغ أو أكثر تقل عن 10,000 ريال بما لا يزيد على 10% خلال 72 ساعة.',
    type: 'Soft',
    severity: 'High',
    config: { template: 'Structuring', params: { threshold: '10000', marginPercent: 10, minCount: 3, windowHours: 72, currency: 'SAR' } },
  },
  {
    code: 'LARGE-100K',
    nameEn: 'Single amount of 100,000 or more',
    nameAr: 'مبلغ واحد يبلغ 100,000 أو أكثر',
    descriptionEn: 'Holds any single transaction of 100,000 SAR or more for review.',
    descriptionAr: 'يوقف أي معاملة واحدة تبلغ 100,000 ريال أو أكثر للمراجعة.',
    type: 'Hard',
    severity: 'Critical',
    config: { template: 'LargeAmount', params: { threshold: '100000', currency: 'SAR' } },
  },
];

/**
 * Transaction monitoring at work: the rules above, then a month of one client's wallet (salary in,
 * a transfer out) ending in a structuring pattern (three deposits just under 10,000 within three
 * hours), which raises an alert and opens the client's monitoring case. Once per tenant: the
 * transactions are dated from today, so a second run would send other bodies for their externalRefs.
 */
async function seedTransactions(tenantId: string) {
  const already = await withTenant(tenantId, (tx) =>
    tx.transaction.findFirst({ where: { tenantId, externalRef: { startsWith: 'demo-' } }, select: { id: true } }),
  );
  if (already) return { rules: 0, transactions: 0, alerts: 0 };
  const existing = await withTenant(tenantId, (tx) => tx.transactionRule.findMany({ where: { tenantId }, select: { code: true } }));
  let rules = 0;
  for (const rule of DEMO_RULES.filter((r) => !existing.some((e) => e.code === r.code))) {
    const created = (await createRule({ tenantId, input: rule, actor })).data;
    await setRuleStatus({ tenantId, ruleId: created.id, status: 'Published', actor });
    rules++;
  }
  const client = await exists(tenantId, fixedUuid('p1'));
  if (!client) return { rules, transactions: 0, alerts: 0 };
  const wallet = { method: 'Wallet', vIban: 'SA4420000001234567891234', entity: { id: client.id } };
  const employer = { method: 'BankAccount', iban: 'SA0380000000608010167519', countryCode: 'SA' };
  const landlord = { method: 'BankAccount', iban: saudiIban('10', 1_111_222_333), countryCode: 'SA' };
  const cash = { method: 'BankAccount', iban: 'AE070331234567890123456', countryCode: 'AE' };
  const now = Date.now();
  const at = (days: number, hours = 0) => new Date(now - days * 86_400_000 - hours * 3_600_000).toISOString();
  const plan = [
    { ref: 'salary-1', source: employer, target: wallet, amount: '45000.00', date: at(30) },
    { ref: 'rent-1', source: wallet, target: landlord, amount: '12500.00', date: at(28) },
    { ref: 'salary-2', source: employer, target: wallet, amount: '45000.00', date: at(2) },
    { ref: 'deposit-1', source: cash, target: wallet, amount: '9850.00', date: at(1, 3) },
    { ref: 'deposit-2', source: cash, target: wallet, amount: '9720.50', date: at(1, 2) },
    { ref: 'deposit-3', source: cash, target: wallet, amount: '9910.00', date: at(1, 1) },
  ];
  let alerts = 0;
  for (const t of plan) {
    const body = createTransactionInput.parse({
      source: t.source,
      target: t.target,
      externalRef: `demo-${t.ref}`,
      transactionDate: t.date,
      amount: t.amount,
      currency: 'SAR',
      paymentType: t.source === cash ? 'CashDeposit' : 'Transfer',
    });
    alerts += (await createTransaction({ tenantId, body, actor })).data.triggeredAlerts.length;
  }
  return { rules, transactions: plan.length, alerts };
}

async function main() {
  const { tenant, apiKey, created } = await ensureTenant();
  const users = {
    officer: await ensureUser('officer@demo.test', 'demo-officer-pass', 'officer', 'Demo Officer'),
    admin: await ensureUser('admin@demo.test', 'demo-admin-pass', 'admin', 'Demo Admin'),
  };
  const tags = await ensureTags(tenant.id);
  let entitiesCreated = 0;
  for (const p of PEOPLE) if (await seedPerson(tenant.id, p, tags)) entitiesCreated++;
  for (const o of ORGANIZATIONS) if (await seedOrganization(tenant.id, o, tags)) entitiesCreated++;
  const kycSubmitted = await seedKyc(tenant.id);
  const screeningMatches = await seedCustomList(tenant.id);
  const monitoring = await seedTransactions(tenant.id);
  return {
    tenant: SLUG,
    tenantCreated: created,
    apiKey,
    users,
    entitiesCreated,
    entitiesTotal: PEOPLE.length + ORGANIZATIONS.length,
    kycSubmitted,
    screeningMatches,
    rulesPublished: monitoring.rules,
    transactions: monitoring.transactions,
    transactionAlerts: monitoring.alerts,
  };
}

withCliDatabase(main).then(
  (result) => {
    process.stdout.write(JSON.stringify(result, null, 2) + '\n');
    process.exit(0);
  },
  (error) => {
    process.stderr.write(
      `seed:demo failed: ${error instanceof AppError ? `${error.code} ${error.validationErrors?.join('; ') ?? ''}` : (error as Error).message}\n`,
    );
    process.exit(1);
  },
);
