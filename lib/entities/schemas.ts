import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, validatePhoneNumberLength } from 'libphonenumber-js';
import { z } from 'zod';
import { pageQuery, pageOfSchema } from '@/lib/core/pagination';
import { parseDateOnly, wireDate, wireIsoTimestamp, wireTimestamp } from '@/lib/core/format';
import { attachmentSchema } from '@/lib/attachments/schemas';
import { bankAccountSchema } from '@/lib/bank-accounts/schemas';
import { tagSchema } from '@/lib/tags/schemas';
import { kycSchema } from '@/lib/kyc/schemas';
import { hijriToGregorian, isValidHijri } from '@/lib/reference/hijri';
import { isCountryCode } from '@/lib/reference/country-codes';
import { beneficialOwnerSchema, relationshipSchema } from '@/lib/relationships/relationship-schema';

// ---- Enums (value sets the spec leaves open are decided here and documented in the OpenAPI) ----
export const ENTITY_ROLES = ['Client', 'Prospect', 'Screening'] as const;
export const ENTITY_TYPES = ['Individual', 'Organization'] as const;
export const ENTITY_STATUSES = ['Active', 'Blocked', 'Deactivated', 'Deceased'] as const;
export const IDENTITY_TYPES = [
  'NationalIdentity',
  'ResidencyPermit',
  'CommercialRegistration',
  'UnifiedNumber',
  'Passport',
  'GccCompany',
  'NonProfit',
  'Waqf',
  'LicenseNumber',
  'DrivingLicense',
  'DigitalId',
  'Other',
] as const;
/** Identity types that make a prospect an organization (decisions.md, Organizations). */
export const ORGANIZATION_IDENTITY_TYPES = new Set(['CommercialRegistration', 'UnifiedNumber', 'GccCompany', 'NonProfit', 'Waqf', 'LicenseNumber']);

export const entityRole = z.enum(ENTITY_ROLES);
export const entityType = z.enum(ENTITY_TYPES);
export const entityStatus = z.enum(ENTITY_STATUSES);
export const identityType = z.enum(IDENTITY_TYPES);
export const classification = z.enum(['Retail', 'Institutional']);
export const category = z.enum(['Retail', 'Institutional']);
export const gender = z.enum(['Male', 'Female']);
export const verificationBlocked = z.enum(['Identity', 'Email', 'PhoneNumber', 'Address', 'BankAccount']);

// ---- Field validators ----
/** PostgreSQL text cannot hold U+0000; refusing it here keeps such input a 400, not a 500. */
export const hasNoNul = (s: string) => !s.includes('\u0000');
const NUL_MESSAGE = 'must not contain NUL (U+0000) characters';
export const text = (max: number) => z.string().max(max).refine(hasNoNul, NUL_MESSAGE);
export const NAME_MAX = 200;
export const name = z.string().trim().min(1).max(NAME_MAX).refine(hasNoNul, NUL_MESSAGE);
export const dateOnly = z
  .string()
  .refine((v) => parseDateOnly(v) !== undefined, 'expected a calendar date YYYY-MM-DD')
  .meta({ format: 'date', example: '1990-05-17' });
export const hijriDate = z
  .string()
  .refine((v) => isValidHijri(v), 'expected a Hijri (Umm al-Qura) date YYYY-MM-DD between 1300 and 1600 AH')
  .meta({ description: 'Hijri (Umm al-Qura) date `YYYY-MM-DD`.', example: '1410-10-22' });
/**
 * A date that has already come: a date of birth or of incorporation. "Today" is the latest date any
 * time zone has reached (UTC+14), so a date that is today where the caller is never counts as future.
 */
const notAfterToday = (toDate: (v: string) => Date | undefined) => (v: string) => {
  const d = toDate(v);
  return d === undefined || d.getTime() <= Date.now() + 14 * 3_600_000;
};
const NOT_AFTER_TODAY = 'must not be after today';
export const pastDate = dateOnly.refine(notAfterToday(parseDateOnly), NOT_AFTER_TODAY).meta({ description: '`YYYY-MM-DD`, not after today.' });
export const pastHijriDate = hijriDate
  .refine(notAfterToday(hijriToGregorian), NOT_AFTER_TODAY)
  .meta({ description: 'Hijri (Umm al-Qura) date `YYYY-MM-DD`, not after today.' });
export const countryCode2 = z
  .string()
  .refine((v) => isCountryCode(v), 'expected an ISO 3166-1 alpha-2 code (upper case)')
  .meta({ example: 'SA' });
export const decimalString = z
  .string()
  .regex(/^-?\d{1,20}(\.\d{1,10})?$/, 'expected a decimal number as a string, e.g. "15000.50"')
  .meta({ example: '250000.00' });

/** 10-digit Saudi numbers: 1… national ID, 2… iqama, 7… unified (organization) number. */
export function inferIdentityType(number: string): { type: (typeof IDENTITY_TYPES)[number]; subtype?: string } | undefined {
  if (!/^\d{10}$/.test(number)) return undefined;
  if (number.startsWith('1')) return { type: 'NationalIdentity' };
  if (number.startsWith('2')) return { type: 'ResidencyPermit', subtype: 'Iqama' };
  if (number.startsWith('7')) return { type: 'UnifiedNumber' };
  return undefined;
}

const identityFields = {
  type: identityType.optional().meta({
    description: 'Required unless `number` is a 10-digit Saudi number starting 1 (NationalIdentity), 2 (ResidencyPermit/Iqama) or 7 (UnifiedNumber).',
  }),
  number: z.string().trim().min(1).max(50).refine(hasNoNul, NUL_MESSAGE),
  subtype: z.string().trim().min(1).max(100).refine(hasNoNul, NUL_MESSAGE).optional().meta({ example: 'Iqama' }),
  expiresAt: dateOnly.optional(),
  issuingCountryCode: countryCode2.optional(),
};

type IdentityTypeValue = (typeof IDENTITY_TYPES)[number];

function withInferredType<T extends { type?: IdentityTypeValue; number: string; subtype?: string }>(schema: z.ZodType<T>) {
  return schema.transform((v, ctx): T & { type: IdentityTypeValue } => {
    if (v.type) return { ...v, type: v.type };
    const inferred = inferIdentityType(v.number);
    if (!inferred) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: 'required unless number is a 10-digit Saudi number starting 1, 2 or 7' });
      return z.NEVER;
    }
    return { ...v, type: inferred.type, subtype: v.subtype ?? inferred.subtype };
  });
}

/** Identity inside an entity create body: documents optional. */
export const entityIdentityInput = withInferredType(z.object({ ...identityFields, documentIds: z.array(z.uuid()).max(10).optional() }));

/** POST /entities/{entityId}/identities: at least one document (spec, Limits). */
export const createIdentityInput = withInferredType(z.object({ ...identityFields, documentIds: z.array(z.uuid()).min(1).max(10) })).meta({
  id: 'CreateIdentity',
});

export type IdentityInput = z.output<typeof entityIdentityInput>;

const baseEntityFields = {
  type: entityType.optional().meta({ description: 'Defaults from identities/rawData (organization identity types or rawData → Organization).' }),
  nameEn: name.optional(),
  nameAr: name.optional(),
  email: z.email().max(320).optional(),
  countryCode: z
    .string()
    .regex(/^\d{1,4}$/, 'expected the dialing code as 1 to 4 digits without "+", e.g. "966"')
    .optional()
    .meta({ description: 'Telephone dialing code, digits only (`966`, not `+966`). Default for checking `phoneNumber`: 966.', example: '966' }),
  phoneNumber: z
    .string()
    .regex(/^\d+$/, 'expected digits only, without the dialing code, e.g. "501234567"')
    .max(15, 'too long: at most 15 digits')
    .optional()
    .meta({
      description:
        'Digits without the dialing code; must be a real number of the dialing code. Stored as the national significant number: a trunk prefix is dropped (`0501234567` → `501234567`).',
      example: '501234567',
    }),
  accountOpenDate: dateOnly.optional(),
  dobGregorian: pastDate.optional(),
  dobHijri: pastHijriDate.optional(),
  dateOfIncorporationGregorian: pastDate.optional(),
  dateOfIncorporationHijri: pastHijriDate.optional(),
  nationalityCode: countryCode2.optional(),
  crmId: z.uuid().optional().meta({ description: "Caller's external identifier (UUID); unique per tenant (409 DUPLICATE_CRM_ID)." }),
  tagIds: z.array(z.uuid()).max(50).optional(),
  identities: z.array(entityIdentityInput).max(20).optional(),
  gender: gender.optional(),
  classification: classification.optional(),
  category: category.optional(),
  netIncome: decimalString.optional(),
  netAssets: decimalString.optional(),
  ongoingMonitoring: z.boolean().optional(),
};

/**
 * The phone number must be a real number of the dialing code's country (libphonenumber-js);
 * without `countryCode`, Saudi Arabia (966) is assumed.
 */
function checkPhoneNumber(value: { countryCode?: string | null; phoneNumber?: string | null }, ctx: z.RefinementCtx): void {
  const problem = phoneNumberProblem(value.countryCode, value.phoneNumber);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
}

const DIALING_CODE = /^\d{1,4}$/;
const PHONE_DIGITS = /^\d{1,15}$/;
/** Dialing codes of the world's countries and territories (libphonenumber's metadata). */
let dialingCodes: Set<string> | undefined;
const isDialingCode = (code: string) => (dialingCodes ??= new Set(getCountries().map((c) => getCountryCallingCode(c) as string))).has(code);
const LENGTH_PROBLEMS: Record<string, string> = {
  TOO_SHORT: 'too short',
  TOO_LONG: 'too long',
  INVALID_LENGTH: 'not a valid length',
};

/**
 * Why a phone number is not a real number of its dialing code's country (966 when none), naming the
 * field at fault, or undefined. A malformed dialing code or number is left to its field's own check.
 */
export function phoneNumberProblem(
  countryCode: string | null | undefined,
  phoneNumber: string | null | undefined,
): { field: 'countryCode' | 'phoneNumber'; message: string } | undefined {
  const code = countryCode ?? '966';
  if (!phoneNumber || !DIALING_CODE.test(code) || !PHONE_DIGITS.test(phoneNumber)) return undefined;
  if (!isDialingCode(code)) return { field: 'countryCode', message: `no country uses the dialing code +${code}` };
  const length = validatePhoneNumberLength(phoneNumber, { defaultCallingCode: code });
  if (length && LENGTH_PROBLEMS[length]) return { field: 'phoneNumber', message: `${LENGTH_PROBLEMS[length]} for dialing code +${code}` };
  if (!parsePhoneNumberFromString(phoneNumber, { defaultCallingCode: code })?.isValid()) {
    return { field: 'phoneNumber', message: `not a valid phone number for dialing code +${code}` };
  }
  return undefined;
}

/**
 * A valid phone number as stored: its national significant number, without the trunk prefix a
 * caller may dial at home (Saudi `0501234567` → `501234567`); the dialing code is kept apart.
 */
export function nationalPhoneNumber(countryCode: string | null | undefined, phoneNumber: string): string {
  return parsePhoneNumberFromString(phoneNumber, { defaultCallingCode: countryCode ?? '966' })?.nationalNumber ?? phoneNumber;
}

/** The body with its phone number as stored (after checkPhoneNumber passed). */
const withNationalPhoneNumber = <T extends { countryCode?: string; phoneNumber?: string }>(value: T): T =>
  value.phoneNumber ? { ...value, phoneNumber: nationalPhoneNumber(value.countryCode, value.phoneNumber) } : value;

export const createScreeningInput = z
  .object(baseEntityFields)
  .superRefine(checkPhoneNumber)
  .transform(withNationalPhoneNumber)
  .meta({ id: 'CreateScreeningEntity' });
export const createClientInput = z.object(baseEntityFields).superRefine(checkPhoneNumber).transform(withNationalPhoneNumber).meta({ id: 'CreateClient' });
export const createProspectInput = z
  .object({
    ...baseEntityFields,
    rawData: z
      .record(z.string(), z.unknown())
      // JSON.stringify escapes U+0000 as the six characters \u0000, which jsonb refuses too.
      .refine((raw) => !JSON.stringify(raw).includes('\\u0000'), NUL_MESSAGE)
      .optional()
      .meta({ description: "Commercial-registry lookup from the caller's subscription, stored as received; makes the prospect an organization." }),
  })
  .superRefine(checkPhoneNumber)
  .transform(withNationalPhoneNumber)
  .meta({ id: 'CreateProspect' });

export type CreateEntityInput = z.output<typeof createProspectInput>;

// ---- Entity edit (ours, beyond the spec: PATCH /entities/{entityId}) ----
/** Fields only an individual has; an organization's edit that sends one is a 400 naming it. */
export const INDIVIDUAL_ONLY_FIELDS = ['dobGregorian', 'dobHijri', 'gender', 'nationalityCode', 'classification'] as const;
/** Fields only an organization has. */
export const ORGANIZATION_ONLY_FIELDS = ['dateOfIncorporationGregorian', 'dateOfIncorporationHijri'] as const;

/** A create field that an edit may also clear (`null`). */
const clearable = <T extends z.ZodType>(field: z.ZodOptional<T>) => field.unwrap().nullable().optional();
/** A create field that cannot be changed by an edit: any value is a 400 naming it, with where to go instead. */
const notEditable = (why: string) =>
  z
    .unknown()
    .refine(() => false, why)
    .optional()
    .meta({ description: `Not editable (400 naming it): ${why}.` });

export const updateEntityInput = z
  .strictObject({
    nameEn: clearable(baseEntityFields.nameEn),
    nameAr: clearable(baseEntityFields.nameAr),
    email: clearable(baseEntityFields.email),
    countryCode: clearable(baseEntityFields.countryCode),
    phoneNumber: clearable(baseEntityFields.phoneNumber),
    accountOpenDate: clearable(baseEntityFields.accountOpenDate),
    dobGregorian: clearable(baseEntityFields.dobGregorian),
    dobHijri: clearable(baseEntityFields.dobHijri),
    dateOfIncorporationGregorian: clearable(baseEntityFields.dateOfIncorporationGregorian),
    dateOfIncorporationHijri: clearable(baseEntityFields.dateOfIncorporationHijri),
    nationalityCode: clearable(baseEntityFields.nationalityCode),
    gender: clearable(baseEntityFields.gender),
    classification: baseEntityFields.classification,
    category: clearable(baseEntityFields.category),
    netIncome: clearable(baseEntityFields.netIncome),
    netAssets: clearable(baseEntityFields.netAssets),
    ongoingMonitoring: baseEntityFields.ongoingMonitoring,
    expectedUpdatedAt: wireTimestamp.optional().meta({
      description:
        "Optimistic concurrency: the profile's `updatedAt` as it was read. When the entity has changed since, nothing is written and the answer is 409 STALE_UPDATE.",
    }),
    id: notEditable('an entity keeps its id'),
    type: notEditable('an entity keeps its type; create a new entity of the other type'),
    role: notEditable('the role changes only through onboarding'),
    crmId: notEditable("crmId is the caller's key for this record and cannot change"),
    status: notEditable('a client status changes through PATCH /entities/client/{entityId}/status'),
    identities: notEditable('identities are added through POST /entities/{entityId}/identities'),
    tagIds: notEditable('tags are put and taken off through /entities/{entityId}/tags/{tagId}'),
    rawData: notEditable('the registry lookup is kept as received'),
  })
  .superRefine((value, ctx) => {
    if (!Object.entries(value).some(([key, v]) => key !== 'expectedUpdatedAt' && v !== undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: 'send at least one field to change' });
    }
    // Without the dialing code in the body the stored one applies: updateEntity checks that pair.
    if (value.countryCode !== undefined) checkPhoneNumber(value, ctx);
  })
  .meta({ id: 'UpdateEntity' });

export type UpdateEntityInput = z.output<typeof updateEntityInput>;

// ---- Responses ----
const ts = wireTimestamp;
const isoTs = wireIsoTimestamp.nullable();
const date = wireDate.nullable();

export const nationalitySchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    nameEn: z.string(),
    nameAr: z.string(),
    nationalityEn: z.string(),
    nationalityAr: z.string(),
    twoCode: z.string(),
    threeCode: z.string(),
  })
  .meta({ id: 'Nationality' });

export const identitySchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    verifiedAt: date,
    expiresAt: date,
    type: identityType,
    subtype: z.string().nullable(),
    number: z.string(),
    issuingCountryCode: z.string().nullable(),
    selfie: attachmentSchema.nullable(),
    documents: z.array(attachmentSchema),
    verification: z
      .object({ id: z.uuid(), createdAt: ts, updatedAt: ts, status: z.enum(['Pending', 'Verified', 'Rejected']), source: z.enum(['Manual', 'Automatic']) })
      .nullable(),
  })
  .meta({ id: 'Identity' });

export const organizationStatusSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    value: z.string().meta({ example: 'Active' }),
    confirmationDate: isoTs,
    suspensionDate: isoTs,
    reactivationDate: isoTs,
    deletionDate: isoTs,
    liquidificationDate: isoTs,
    entityId: z.string(),
    structure: z.unknown().nullable(),
  })
  .meta({ id: 'OrganizationStatus' });

export const activitySchema = z
  .object({ id: z.uuid(), createdAt: ts, updatedAt: ts, externalId: z.string().nullable(), nameAr: z.string().nullable(), nameEn: z.string().nullable() })
  .meta({ id: 'Activity' });

export const citySchema = z
  .object({
    id: z.guid().meta({ description: 'Stable across installations (derived from the English name).' }),
    createdAt: ts,
    updatedAt: ts,
    nameEn: z.string(),
    nameAr: z.string(),
  })
  .meta({ id: 'City' });

export const addressSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    district: z.string().nullable(),
    districtArea: z.string().nullable(),
    districtName: z.string().nullable(),
    locationX: z.string().nullable(),
    locationY: z.string().nullable(),
    locationZ: z.string().nullable(),
    latitude: z.string().nullable(),
    longitude: z.string().nullable(),
    phoneNumber: z.string().nullable().meta({ description: 'International format, e.g. +966501234567.' }),
    streetNameEn: z.string().nullable(),
    streetNameAr: z.string().nullable(),
    unitNumber: z.string().nullable(),
    unitTypeId: z.string().nullable(),
    shortCode: z.string().nullable(),
    status: z.enum(['Submitted', 'Verified', 'Rejected']),
    source: z.enum(['Automatic', 'Manual']),
    category: z.enum(['Local', 'International']),
    fullAddress: z.string().nullable(),
    attachment: attachmentSchema.nullable(),
    city: citySchema.nullable(),
  })
  .meta({ id: 'Address' });

export const entitySchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    archivedAt: wireTimestamp.nullable(),
    crmId: z.string().nullable(),
    role: entityRole.meta({ description: 'Which record kind this is (filter `role` takes the lower-case value).' }),
    type: entityType,
    email: z.string().nullable(),
    nameEn: z.string().nullable(),
    nameAr: z.string().nullable(),
    status: entityStatus,
    verificationBlocked: verificationBlocked.nullable(),
    classification,
    category: category.nullable(),
    gender: gender.nullable(),
    countryCode: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    accountOpenDate: date,
    dob: date,
    dobHijri: date.meta({ description: 'Hijri (Umm al-Qura).' }),
    dateOfIncorporation: date,
    dateOfIncorporationHijri: date,
    netIncome: z.string().nullable().meta({ example: '15000.50' }),
    netAssets: z.string().nullable(),
    ongoingMonitoring: z.boolean(),
    identities: z.array(identitySchema),
    nationalityCode: z.string().nullable(),
    nationality: nationalitySchema.nullable(),
    kyc: kycSchema.nullable().meta({
      description: 'The KYC record of a prospect or client (made when it is created, on the default flow) with its scores; null for screening entities.',
    }),
    verifications: z.object({ identity: z.boolean(), email: z.boolean(), phoneNumber: z.boolean(), address: z.boolean(), bankAccount: z.boolean() }),
    tags: z.array(tagSchema),
    reviewStatus: z.object({ hasPublicCase: z.boolean(), hasLocalCase: z.boolean(), hasNewsMedia: z.boolean(), isUnderReview: z.boolean() }),
    caseCount: z.number().int(),
    matchCount: z.number().int(),
    screeningStatus: z.enum(['NotScreened', 'Clear', 'PendingReview', 'Hit']).meta({
      description:
        'Ours (decisions.md): NotScreened (never screened), Clear (screened, nothing open), PendingReview (matches awaiting review or approval), Hit (a confirmed match on a listed entry). ' +
        'reviewStatus: hasPublicCase / hasLocalCase = a ListSourceA/B or Custom case that is open or closed as TruePositive; isUnderReview = an open case; hasNewsMedia is always false. ' +
        'matchCount = matches whose entry is still listed; caseCount = cases.',
    }),
    organizationStatus: organizationStatusSchema.nullable(),
    activities: z.array(activitySchema),
    relationships: z.array(relationshipSchema).meta({ description: 'Both directions: where this entity is the source or the target.' }),
  })
  .meta({ id: 'Entity' });

export const entityProfileSchema = entitySchema
  .extend({
    bankAccounts: z.array(bankAccountSchema),
    addresses: z.array(addressSchema),
    rawData: z.unknown().nullable().meta({ description: 'Organizations: the registry lookup as received.' }),
    beneficialOwners: z.array(beneficialOwnerSchema).meta({
      description:
        "Natural persons whose effective share (Approved shareholder and beneficial-owner relationships, through every chain) reaches the tenant's UBO threshold (default 25%).",
    }),
  })
  .meta({ id: 'EntityProfile' });

export type EntityOut = z.infer<typeof entitySchema>;
export type EntityProfileOut = z.infer<typeof entityProfileSchema>;
export type IdentityOut = z.infer<typeof identitySchema>;
export type AddressOut = z.infer<typeof addressSchema>;

export const entityEnvelope = z.object({ data: entitySchema }).meta({ id: 'EntityResponse' });
export const entityList = pageOfSchema(entitySchema).meta({ id: 'EntityList' });
export const addressList = pageOfSchema(addressSchema).meta({ id: 'AddressList' });
export const cityList = pageOfSchema(citySchema).meta({ id: 'CityList' });
export const createIdentityResponse = z.object({ data: identitySchema, creationStatus: z.enum(['Created']) }).meta({ id: 'CreateIdentityResponse' });

// ---- Params and queries ----
export const ENTITY_SORTS = ['-createdAt', 'createdAt', 'name', '-name', 'nameAr', '-nameAr'] as const;
export const ENTITY_WORKLISTS = ['pendingIdentity', 'expiringIdentity', 'kycReview'] as const;
export const entityParams = z.object({ entityId: z.uuid() });

export const listEntitiesQuery = pageQuery.extend({
  role: z
    .enum(['client', 'prospect', 'screening', 'Client', 'Prospect', 'Screening'], {
      // The three roles, not their six spellings.
      error: 'Invalid option: expected one of "client"|"prospect"|"screening"',
    })
    // Also as the records spell their role (`"role": "Client"`), which an integrator will copy.
    .transform((v) => v.toLowerCase() as 'client' | 'prospect' | 'screening')
    .optional()
    .meta({ description: 'client | prospect | screening, in either case (`Client`, as a record spells its role, is the same filter).' }),
  status: entityStatus.optional(),
  type: entityType.optional(),
  q: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine(hasNoNul, NUL_MESSAGE)
    .optional()
    .meta({
      description:
        'Words (at most 8) that must each occur in a name (English or Arabic), the e-mail, crmId, an identity number or an IBAN; ' +
        'insensitive to case, Latin accents, the hamza forms of alef, ى/ي, ة/ه, tatweel, harakat, Arabic-Indic digits and punctuation between words.',
    }),
  tagId: z.uuid().optional(),
  crmId: text(100).optional(),
  sort: z.enum(ENTITY_SORTS).optional().meta({
    description: '`-createdAt` (newest first, the default), `createdAt`, `name` / `-name` (English name first), `nameAr` / `-nameAr` (Arabic name first).',
  }),
  worklist: z
    .enum(ENTITY_WORKLISTS)
    .optional()
    .meta({
      description:
        '`pendingIdentity`: an identity awaits verification; `expiringIdentity`: an identity expires within 30 days (today included); ' +
        '`kycReview` (ours): the KYC awaits an officer’s decision (status KycSubmitted or KycUnderReview, or eddStatus / qualifiedStatus Submitted).',
    }),
});

export const exportEntitiesQuery = listEntitiesQuery.omit({ page: true, size: true });
export type ListEntitiesFilters = Omit<z.output<typeof listEntitiesQuery>, 'page' | 'size'>;

export const updateStatusInput = z
  .object({
    status: entityStatus,
    reason: z.string().trim().max(5000).refine(hasNoNul, NUL_MESSAGE).optional(),
    emailOptions: z
      .object({ notify: z.boolean(), language: z.enum(['en', 'ar']).default('en') })
      .optional()
      .meta({
        description:
          'notify: e-mail the client (its `email`) that the status changed, in `language`, with the reason. Written with the change and sent by the worker over SMTP (SMTP_URL); without SMTP_URL the notification is recorded as Skipped. A client without an e-mail address → 400 naming emailOptions.notify.',
      }),
  })
  .meta({ id: 'UpdateClientStatus' });
export const updateStatusResponse = z.object({ status: entityStatus }).meta({ id: 'ClientStatus' });

export const updateClassificationInput = z.object({ classification }).meta({ id: 'UpdateClassification' });

// ---- Identity verification (officer decision) ----
export const identityParams = z.object({ entityId: z.uuid(), identityId: z.uuid() });
export const verifyIdentityInput = z
  .object({
    status: z.enum(['Verified', 'Rejected']),
    reason: z.string().trim().max(2000).refine(hasNoNul, NUL_MESSAGE).optional(),
  })
  .refine((v) => v.status !== 'Rejected' || Boolean(v.reason), { path: ['reason'], message: 'required when the identity is rejected' })
  .meta({ id: 'VerifyIdentityInput' });
export type VerifyIdentityInput = z.output<typeof verifyIdentityInput>;
export const verifyIdentityResponse = z.object({ data: identitySchema }).meta({ id: 'VerifyIdentityResponse' });
