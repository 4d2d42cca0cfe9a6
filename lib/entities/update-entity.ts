import { AppError } from '@/lib/core/errors';
import { formatDate, formatTimestamp, parseDateOnly } from '@/lib/core/format';
import type { RawJson } from '@/lib/core/raw-json';
import { sqlOf } from '@/lib/db/sql';
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { emitEvent } from '@/lib/jobs/outbox';
import { Prisma } from '@/lib/generated/prisma/client';
import { loadEntityScreeningInputs } from '@/lib/monitoring/entity-inputs';
import { replaceMonitoredKeys } from '@/lib/monitoring/monitored-keys';
import { screenStoredEntities } from '@/lib/monitoring/screen-entities';
import { resolveDatePair } from './create-entity';
import { getEntityJson } from './get-entity';
import { buildSearchText } from './search-text';
import { INDIVIDUAL_ONLY_FIELDS, nationalPhoneNumber, ORGANIZATION_ONLY_FIELDS, phoneNumberProblem, type UpdateEntityInput } from './schemas';

export interface UpdateEntityArgs {
  tenantId: string;
  entityId: string;
  actor: Actor;
  changes: UpdateEntityInput;
  requestId?: string;
}

/** The editable profile values, as the response (and the audit entry) names and prints them. */
interface ProfileValues {
  nameEn: string | null;
  nameAr: string | null;
  email: string | null;
  countryCode: string | null;
  phoneNumber: string | null;
  accountOpenDate: string | null;
  dob: string | null;
  dobHijri: string | null;
  dateOfIncorporation: string | null;
  dateOfIncorporationHijri: string | null;
  nationalityCode: string | null;
  gender: 'Male' | 'Female' | null;
  classification: 'Retail' | 'Institutional';
  category: 'Retail' | 'Institutional' | null;
  netIncome: string | null;
  netAssets: string | null;
  ongoingMonitoring: boolean;
}
type Field = keyof ProfileValues;

/** What the screening engine reads of an entity (lib/monitoring/entity-inputs.ts): a change re-screens a monitored one. */
const SCREENED_FIELDS: readonly Field[] = ['nameEn', 'nameAr', 'dob', 'dobHijri', 'gender', 'nationalityCode', 'ongoingMonitoring'];
const DECIMAL_FIELDS: readonly Field[] = ['netIncome', 'netAssets'];
const DATE_FIELDS: readonly Field[] = ['accountOpenDate', 'dob', 'dateOfIncorporation'];

/**
 * Edits an individual's or an organization's profile (ours: PATCH /entities/{entityId}), in one
 * transaction: validation as at creation (phone number of its dialing code, Gregorian/Hijri pairs,
 * at least one name), the conditional write (a concurrent edit → STALE_UPDATE, never a lost update),
 * the search text (`q`), the audit entry (changed fields, old → new), the `EntityProfileUpdate`
 * event, and, for a monitored or screening entity whose screened data changed, a new screening
 * that also rewrites its reverse lookup keys. The entity document follows by trigger. Any failure
 * rolls all of it back. Answers the complete profile, as GET /entities/{entityId}.
 */
export async function updateEntity({ tenantId, entityId, actor, changes, requestId }: UpdateEntityArgs): Promise<RawJson> {
  await withTenant(tenantId, (tx) => applyEntityUpdate(tx, { tenantId, entityId, actor, changes, requestId }));
  return getEntityJson({ tenantId, entityId });
}

/** The whole edit inside the caller's tenant transaction (updateEntity; tests that make it fail half-way). */
export async function applyEntityUpdate(tx: Tx, { tenantId, entityId, actor, changes, requestId }: UpdateEntityArgs): Promise<{ changedFields: Field[] }> {
  const entity = await tx.entity.findFirst({
    where: { id: entityId, tenantId },
    include: { identities: { select: { number: true } }, bankAccounts: { select: { iban: true } } },
  });
  if (!entity) throw AppError.notFound();
  // An erased entity is a pseudonymous tombstone: writing personal data back into it would undo the erasure.
  if (entity.erasedAt) throw new AppError('CONFLICT');
  if (changes.expectedUpdatedAt !== undefined && changes.expectedUpdatedAt !== formatTimestamp(entity.updatedAt)) throw new AppError('STALE_UPDATE');
  // Amounts as stored, digits and scale ("15000.50"): the ORM's Decimal drops trailing zeros.
  const [amounts] = await sqlOf(tx)
    .query<{ netIncome: string | null; netAssets: string | null }>(
      `SELECT "netIncome"::text AS "netIncome", "netAssets"::text AS "netAssets" FROM "Entity" WHERE "tenantId" = $1::uuid AND id = $2::uuid`,
      [tenantId, entityId],
    )
    .then((r) => r.rows);

  const foreign = (entity.type === 'Individual' ? ORGANIZATION_ONLY_FIELDS : INDIVIDUAL_ONLY_FIELDS).filter((f) => changes[f] !== undefined);
  if (foreign.length)
    throw AppError.validation(...foreign.map((f) => `${f}: not a field of an ${entity.type === 'Individual' ? 'individual' : 'organization'}`));

  const before: ProfileValues = {
    nameEn: entity.nameEn,
    nameAr: entity.nameAr,
    email: entity.email,
    countryCode: entity.countryCode,
    phoneNumber: entity.phoneNumber,
    accountOpenDate: formatDate(entity.accountOpenDate),
    dob: formatDate(entity.dob),
    dobHijri: entity.dobHijri,
    dateOfIncorporation: formatDate(entity.dateOfIncorporation),
    dateOfIncorporationHijri: entity.dateOfIncorporationHijri,
    nationalityCode: entity.nationalityCode,
    gender: entity.gender,
    classification: entity.classification,
    category: entity.category,
    netIncome: amounts?.netIncome ?? null,
    netAssets: amounts?.netAssets ?? null,
    ongoingMonitoring: entity.ongoingMonitoring,
  };
  const after = nextValues(before, changes);
  const changedFields = (Object.keys(before) as Field[]).filter((f) => !sameValue(f, before[f], after[f]));
  if (!changedFields.length) return { changedFields };

  const updatedAt = new Date();
  // Only the changed fields are written: a field the edit left alone keeps its stored value exactly.
  const data = Object.fromEntries(changedFields.map((f) => [f, DATE_FIELDS.includes(f) ? toDate(after[f] as string | null) : after[f]]));
  // Conditional on the version read: a concurrent edit between that read and this write is a 409, not a lost update.
  const written = await tx.entity.updateMany({
    where: { id: entityId, tenantId, updatedAt: entity.updatedAt },
    data: {
      ...data,
      searchText: buildSearchText(
        { ...after, crmId: entity.crmId },
        entity.identities.map((i) => i.number),
        entity.bankAccounts.map((b) => b.iban),
      ),
      updatedAt,
    },
  });
  if (written.count !== 1) throw new AppError('STALE_UPDATE');

  const pick = (values: ProfileValues) => Object.fromEntries(changedFields.map((f) => [f, values[f]]));
  await writeAudit(tx, {
    tenantId,
    actor,
    action: 'entity.update',
    targetType: 'Entity',
    targetId: entityId,
    before: pick(before),
    after: pick(after),
    requestId,
  });

  const rescreened = await keepScreeningCurrent(tx, tenantId, entityId, {
    screenedDataChanged: changedFields.some((f) => SCREENED_FIELDS.includes(f)),
    role: entity.role,
    wasMonitored: before.ongoingMonitoring,
    isMonitored: after.ongoingMonitoring,
  });
  await emitEvent(tx, {
    tenantId,
    type: 'EntityProfileUpdate',
    data: { entityId, crmId: entity.crmId, type: entity.type, changedFields, rescreened, updatedAt: formatTimestamp(updatedAt) },
  });
  return { changedFields };
}

/** The profile after the edit: absent fields keep their value, `null` clears one; validated as at creation. */
function nextValues(before: ProfileValues, changes: UpdateEntityInput): ProfileValues {
  const take = <K extends keyof UpdateEntityInput & Field>(key: K): ProfileValues[K] =>
    (changes[key] === undefined ? before[key] : changes[key]) as ProfileValues[K];
  const next: ProfileValues = {
    nameEn: take('nameEn'),
    nameAr: take('nameAr'),
    email: take('email'),
    countryCode: take('countryCode'),
    phoneNumber: take('phoneNumber'),
    accountOpenDate: take('accountOpenDate'),
    ...datePair('dob', changes.dobGregorian, changes.dobHijri, { gregorian: before.dob, hijri: before.dobHijri }),
    ...datePair('dateOfIncorporation', changes.dateOfIncorporationGregorian, changes.dateOfIncorporationHijri, {
      gregorian: before.dateOfIncorporation,
      hijri: before.dateOfIncorporationHijri,
    }),
    nationalityCode: take('nationalityCode'),
    gender: take('gender'),
    classification: take('classification'),
    category: take('category'),
    netIncome: take('netIncome'),
    netAssets: take('netAssets'),
    ongoingMonitoring: take('ongoingMonitoring'),
  } as ProfileValues;
  if (!next.nameEn && !next.nameAr) throw AppError.validation(`${changes.nameEn === null ? 'nameEn' : 'nameAr'}: an entity keeps a name (nameEn or nameAr)`);
  if (changes.countryCode !== undefined || changes.phoneNumber !== undefined) {
    const problem = phoneNumberProblem(next.countryCode, next.phoneNumber);
    if (problem) throw AppError.validation(`${problem.field}: ${problem.message}`);
    if (next.phoneNumber) next.phoneNumber = nationalPhoneNumber(next.countryCode, next.phoneNumber);
  }
  return next;
}

/**
 * One date sent in either calendar (or both, naming the same day, as at creation); `null` in
 * either clears the date in both. Keys: `dob`/`dobHijri` or `dateOfIncorporation`/`…Hijri`.
 */
function datePair(
  field: 'dob' | 'dateOfIncorporation',
  gregorian: string | null | undefined,
  hijri: string | null | undefined,
  current: { gregorian: string | null; hijri: string | null },
): Record<string, string | null> {
  const keys = (g: string | null, h: string | null) => ({ [field]: g, [`${field}Hijri`]: h });
  if (gregorian === undefined && hijri === undefined) return keys(current.gregorian, current.hijri);
  if (gregorian === null || hijri === null) {
    if (gregorian || hijri) throw AppError.validation(`${field}Hijri: send null in both calendars (or in one alone) to clear the date`);
    return keys(null, null);
  }
  const resolved = resolveDatePair(field, gregorian, hijri);
  return keys(formatDate(resolved.gregorian), resolved.hijri);
}

/**
 * Screening after an edit. A monitored entity (or a screening entity, whose one screening was of
 * the old data) whose names, date of birth, gender, nationality or monitoring changed is screened
 * again now, which also rewrites its reverse lookup keys; monitoring switched off removes the keys.
 */
async function keepScreeningCurrent(
  tx: Tx,
  tenantId: string,
  entityId: string,
  s: { screenedDataChanged: boolean; role: string; wasMonitored: boolean; isMonitored: boolean },
): Promise<boolean> {
  if (!s.screenedDataChanged) return false;
  if (s.isMonitored || s.role === 'Screening') {
    await screenStoredEntities(tx, { tenantId, entityIds: [entityId], reason: 'ProfileEdited' });
    return true;
  }
  if (s.wasMonitored) await replaceMonitoredKeys(tx, tenantId, await loadEntityScreeningInputs(sqlOf(tx), tenantId, [entityId]));
  return false;
}

function sameValue(field: Field, a: unknown, b: unknown): boolean {
  if (DECIMAL_FIELDS.includes(field) && typeof a === 'string' && typeof b === 'string') return new Prisma.Decimal(a).equals(b);
  return a === b;
}

const toDate = (value: string | null) => (value ? parseDateOnly(value)! : null);
