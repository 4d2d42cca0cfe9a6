// Seeds the e2e database through the services: two tenants, their users and records.
// Run by e2e/global-setup.ts (as `tsx e2e/seed.ts <out.json>`) once `npm start` has migrated the DB.
import fs from 'node:fs';
import { createUser } from '@/lib/tenancy/users';
import { closeDatabase, getPool } from '@/lib/db/client';
import { withTenant } from '@/lib/db/tenant-tx';
import { importList } from '@/scripts/testing/watchlist';
import { createTestTenant } from '@/scripts/testing/factories';
import {
  addAddress,
  addAuditEvents,
  type ClientSpec,
  createBankAccount,
  createClient,
  createTag,
  makePdf,
  makePng,
  saudiIban,
  SEED_ACTOR,
  upload,
} from './fixtures/records';
import { USERS, type SeedResult, type SeedUser } from './fixtures/users';
import { enrolMfaWithSecret } from '@/lib/tenancy/mfa';
import { kycIdOf, submitBaseForms } from '@/scripts/testing/kyc-factories';
import { seedMonitoring } from './fixtures/monitoring';

async function main(out: string) {
  const alpha = await createTestTenant({ slug: 'e2e-alpha', nameEn: 'Alpha Capital', nameAr: 'ألفا كابيتال' });
  const beta = await createTestTenant({ slug: 'e2e-beta', nameEn: 'Beta Finance', nameAr: 'بيتا للتمويل' });
  const gamma = await createTestTenant({ slug: 'e2e-gamma', nameEn: 'Gamma Bank', nameAr: 'بنك جاما' });
  for (const user of Object.values(USERS) as SeedUser[]) {
    const created = await createUser({
      email: user.email,
      password: user.password,
      role: user.role,
      displayName: user.displayName,
      tenantSlug: user.tenant === 'alpha' ? alpha.slug : user.tenant === 'beta' ? beta.slug : user.tenant === 'gamma' ? gamma.slug : undefined,
    });
    // Administrators must use two-step sign-in: seeded ones are enrolled with a known secret.
    if (user.totpSecret) await enrolMfaWithSecret({ userId: created.id, secret: user.totpSecret });
  }

  const tagId = (await createTag({ tenantId: alpha.id, input: { nameEn: 'High net worth', nameAr: 'ملاءة عالية', scope: 'Entity' }, actor: SEED_ACTOR })).id;
  const front = await upload(alpha.id, makePng(64, [15, 107, 92]), 'id-front.png');
  const back = await upload(alpha.id, makePdf('National ID - back side'), 'id-back.pdf');
  const fatimah = await createClient(alpha.id, {
    nameEn: 'Fatimah Al-Harbi',
    nameAr: 'فاطمة الحربي',
    email: 'fatimah@example.sa',
    crmId: '7f7c2b8e-0a51-4f7e-9a43-3d0b1e6f9a01',
    dobGregorian: '1990-05-15',
    identities: [
      { number: '1012345678', issuingCountryCode: 'SA', expiresAt: '2030-01-31', documentIds: [front.id, back.id] },
      { number: 'P1234567', type: 'Passport', issuingCountryCode: 'SA', expiresAt: '2029-06-30' },
    ],
    tagIds: [tagId],
  });
  await addAddress(alpha.id, fatimah.id, '12 King Fahd Road, Al Olaya, Riyadh 12214');
  await createBankAccount({ tenantId: alpha.id, entityId: fatimah.id, iban: saudiIban(1), isPrimary: true, holderName: 'Fatimah Al-Harbi', actor: SEED_ACTOR });
  const slipA = await upload(alpha.id, makePdf('Bank letter A'), 'bank-letter-a.pdf');
  const toApprove = await createBankAccount({
    tenantId: alpha.id,
    entityId: fatimah.id,
    iban: saudiIban(2),
    attachmentId: slipA.id,
    holderName: 'Fatimah Al-Harbi',
    actor: SEED_ACTOR,
  });
  await addAuditEvents(alpha.id, fatimah.id, 3);

  const omar = await createClient(alpha.id, {
    nameEn: 'Omar Al-Qahtani',
    nameAr: 'عمر القحطاني',
    email: 'omar@example.sa',
    dobGregorian: '1985-11-02',
    identities: [{ number: '1098765432' }],
  });
  const slipB = await upload(alpha.id, makePng(32, [180, 40, 40]), 'bank-letter-b.png');
  const toReject = await createBankAccount({
    tenantId: alpha.id,
    entityId: omar.id,
    iban: saudiIban(3),
    attachmentId: slipB.id,
    holderName: 'Omar Al-Qahtani',
    actor: SEED_ACTOR,
  });

  const statusClient = await createClient(alpha.id, {
    nameEn: 'Khalid Al-Otaibi',
    nameAr: 'خالد العتيبي',
    email: 'khalid@example.sa',
    identities: [{ number: '2034567890' }],
  });
  for (let i = 0; i < 23; i++) {
    await createClient(
      alpha.id,
      { nameEn: `Listed Client ${String(i + 1).padStart(2, '0')}`, nameAr: `عميل مدرج ${i + 1}`, email: `client${i + 1}@example.sa` },
      i % 3 === 0 ? 'Prospect' : i % 3 === 1 ? 'Screening' : 'Client',
    );
  }

  // A prospect whose onboarding forms were submitted by the tenant's system: a PEP (High risk by override),
  // whose answers give another nationality (AE) and date of birth (1990-05-17) than her profile (SA, 1988-01-15).
  const layla = await createClient(
    alpha.id,
    { nameEn: 'Layla Al-Shehri', nameAr: 'ليلى الشهري', email: 'layla@example.sa', dobGregorian: '1988-01-15', identities: [{ number: '1033445566' }] },
    'Prospect',
  );
  const laylaKyc = await kycIdOf(alpha.id, layla.id);
  await submitBaseForms({ tenantId: alpha.id, kycId: laylaKyc, plan: { byName: { PEP: ['Yes'] }, country: 'AE' }, actor: SEED_ACTOR });

  const secret = await createClient(beta.id, {
    nameEn: 'Beta Secret Client',
    nameAr: 'عميل سري',
    email: 'secret@beta.example',
    identities: [{ number: '1055555555' }],
  });
  const betaDoc = await upload(beta.id, makePng(16), 'beta-only.png');

  const monitoring = await seedMonitoring(alpha.id, omar.id);
  // Screening: listed people on a shared list and on gamma's own list, then monitored gamma clients
  // screened at creation (one match and one case each), and one client with nothing to find.
  await importList(getPool(), 'ListSourceA', [
    {
      externalId: 'E2E-SDN-101',
      names: [
        { value: 'Abdulrahman Saleh Al-Zahrani', kind: 'Primary' },
        { value: 'عبد الرحمن صالح الزهراني', kind: 'Alias' },
        { value: 'Abdelrahman Al Zahrani', kind: 'Alias' },
      ],
      dob: '1970-03-14',
      gender: 'Male',
      nationalityCode: 'SA',
      identities: [{ type: 'Passport', number: 'K7731904', issuingCountryCode: 'SA' }],
      remarks: 'Designated 2019 for financing a sanctioned network.',
    },
    {
      externalId: 'E2E-SDN-102',
      names: [
        { value: 'Yousef Hamad Al-Mutairi', kind: 'Primary' },
        { value: 'يوسف حمد المطيري', kind: 'Alias' },
      ],
      dob: '1979-08-02',
      gender: 'Male',
      nationalityCode: 'KW',
      identities: [{ type: 'NationalIdentity', number: '1077001122', issuingCountryCode: 'SA' }],
    },
  ]);
  await importList(
    getPool(),
    'Custom',
    [{ externalId: 'GAMMA-LOCAL-7', names: [{ value: 'Mariam Nasser Al-Dosari', kind: 'Primary' }], dob: '1988' }],
    gamma.id,
  );
  const screened = async (spec: ClientSpec) => {
    const entity = await createClient(gamma.id, { gender: 'Male', ongoingMonitoring: true, ...spec });
    const found = await withTenant(gamma.id, (tx) => tx.case.findFirst({ where: { tenantId: gamma.id, entityId: entity.id }, select: { id: true } }));
    return { entityId: entity.id, caseId: found?.id ?? '' };
  };
  const falsePositive = await screened({
    nameEn: 'Abdulrahman Saleh Al-Zahrani',
    nameAr: 'عبد الرحمن صالح الزهراني',
    email: 'a.zahrani@example.sa',
    dobGregorian: '1984-06-21',
    identities: [{ number: '1023456789' }],
  });
  const truePositive = await screened({
    nameEn: 'Yousef Hamad Al-Mutairi',
    nameAr: 'يوسف حمد المطيري',
    email: 'y.mutairi@example.sa',
    dobGregorian: '1979-08-02',
    identities: [{ number: '1077001122' }],
  });
  const custom = await screened({ nameEn: 'Mariam Nasser Al-Dosari', nameAr: 'مريم ناصر الدوسري', email: 'm.dosari@example.sa', gender: 'Female' });
  const clear = await screened({ nameEn: 'Hind Saad Al-Qurashi', nameAr: 'هند سعد القرشي', email: 'h.qurashi@example.sa', gender: 'Female' });
  for (const [name, item] of Object.entries({ falsePositive, truePositive, custom })) {
    if (!item.caseId) throw new Error(`e2e seed: ${name} was not matched at creation`);
  }

  const result: SeedResult = {
    alpha: { id: alpha.id, slug: alpha.slug, apiKey: alpha.apiKey },
    beta: { id: beta.id, slug: beta.slug, apiKey: beta.apiKey },
    entities: { fatimah: fatimah.id, omar: omar.id, statusClient: statusClient.id, betaSecret: secret.id, kycProspect: layla.id },
    accounts: { toApprove: { id: toApprove.data.id, iban: toApprove.data.iban }, toReject: { id: toReject.data.id, iban: toReject.data.iban } },
    attachments: { alphaImage: front.id, alphaPdf: back.id, betaImage: betaDoc.id },
    monitoring,
    gamma: { id: gamma.id, slug: gamma.slug },
    screening: { falsePositive, truePositive, custom, clear: { entityId: clear.entityId } },
  };
  fs.writeFileSync(out, JSON.stringify(result, null, 2));
}

main(process.argv[2] ?? '.data/e2e-seed.json')
  .then(() => closeDatabase())
  .catch(async (error: unknown) => {
    console.error(error);
    await closeDatabase();
    process.exit(1);
  });
