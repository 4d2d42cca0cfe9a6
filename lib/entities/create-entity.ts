import { AppError } from '@/lib/core/errors';
import { parseDateOnly } from '@/lib/core/format';
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { gregorianToHijri, hijriToGregorian } from '@/lib/reference/hijri';
import { screenNewEntity } from '@/lib/monitoring/screen-entities';
import { Prisma } from '@/lib/generated/prisma/client';
import { buildSearchText } from './search-text';
import { loadEntities } from './load-entities';
import { readOrganizationFacts } from './organization-raw-data';
import { ORGANIZATION_IDENTITY_TYPES, type CreateEntityInput, type IdentityInput } from './schemas';

type Role = 'Client' | 'Prospect' | 'Screening';

export interface CreateEntityArgs {
  tenantId: string;
  role: Role;
  input: CreateEntityInput;
  actor: Actor;
  requestId?: string;
  /** Run inside the caller's tenant transaction (a related party created with its relationship). */
  tx?: Tx;
}

/** Gregorian and Hijri of one date: either may be sent; both must name the same day when both are. */
export function resolveDatePair(field: string, gregorianText?: string, hijriText?: string): { gregorian: Date | null; hijri: string | null } {
  const g = gregorianText ? parseDateOnly(gregorianText)! : undefined;
  const h = hijriText ? hijriToGregorian(hijriText)! : undefined;
  if (g && h && g.getTime() !== h.getTime()) {
    throw AppError.validation(`${field}Hijri: does not name the same day as ${field}Gregorian (${gregorianToHijri(g)} expected)`);
  }
  const date = g ?? h ?? null;
  return { gregorian: date, hijri: hijriText ?? (date ? gregorianToHijri(date) : null) };
}

/**
 * Creates a prospect, screening entity or client with its identities and tags, in one transaction.
 * Organizations (decisions.md): an organization identity type, or `rawData`, or `type` sent as
 * Organization. rawData is stored as received and fills the name, incorporation date, organization
 * status and activities where the body does not give them.
 */
export async function createEntity({ tenantId, role, input, actor, requestId, tx: outer }: CreateEntityArgs) {
  const identities = input.identities ?? [];
  const raw = input.rawData;
  const isOrganization = input.type ? input.type === 'Organization' : Boolean(raw) || identities.some((i) => ORGANIZATION_IDENTITY_TYPES.has(i.type));
  const facts = raw ? readOrganizationFacts(raw) : undefined;

  const nameEn = input.nameEn ?? facts?.nameEn ?? null;
  const nameAr = input.nameAr ?? facts?.nameAr ?? null;
  if (!nameEn && !nameAr) throw AppError.validation('nameEn: required (nameEn or nameAr)');
  const dob = resolveDatePair('dob', input.dobGregorian, input.dobHijri);
  let inc = resolveDatePair('dateOfIncorporation', input.dateOfIncorporationGregorian, input.dateOfIncorporationHijri);
  if (!inc.gregorian && facts?.dateOfIncorporation) {
    inc = { gregorian: facts.dateOfIncorporation, hijri: facts.dateOfIncorporationHijri ?? gregorianToHijri(facts.dateOfIncorporation) };
  }
  const seen = new Set<string>();
  for (const [index, identity] of identities.entries()) {
    const key = `${identity.type}:${identity.number}`;
    if (seen.has(key)) throw AppError.validation(`identities.${index}.number: duplicate identity in this request`);
    seen.add(key);
  }

  const inTenant = <T>(work: (tx: Tx) => Promise<T>) => (outer ? work(outer) : withTenant(tenantId, work));
  return inTenant(async (tx) => {
    if (input.crmId && (await tx.entity.findFirst({ where: { tenantId, crmId: input.crmId }, select: { id: true } }))) {
      throw new AppError('DUPLICATE_CRM_ID');
    }
    await assertEntityTags(tx, tenantId, input.tagIds ?? []);
    await assertAttachmentsExist(
      tx,
      tenantId,
      identities.flatMap((i) => i.documentIds ?? []),
    );
    let entity;
    try {
      entity = await tx.entity.create({
        data: {
          tenantId,
          role,
          type: isOrganization ? 'Organization' : 'Individual',
          status: 'Active',
          crmId: input.crmId ?? null,
          nameEn,
          nameAr,
          email: input.email ?? null,
          countryCode: input.countryCode ?? null,
          phoneNumber: input.phoneNumber ?? null,
          accountOpenDate: input.accountOpenDate ? parseDateOnly(input.accountOpenDate)! : null,
          dob: dob.gregorian,
          dobHijri: dob.hijri,
          dateOfIncorporation: inc.gregorian,
          dateOfIncorporationHijri: inc.hijri,
          nationalityCode: input.nationalityCode ?? null,
          gender: input.gender ?? null,
          classification: input.classification ?? 'Retail',
          category: input.category ?? null,
          netIncome: input.netIncome ?? null,
          netAssets: input.netAssets ?? null,
          ongoingMonitoring: input.ongoingMonitoring ?? false,
          rawData: raw ? (raw as Prisma.InputJsonValue) : Prisma.DbNull,
          searchText: buildSearchText(
            { nameEn, nameAr, email: input.email, crmId: input.crmId },
            identities.map((i) => i.number),
          ),
        },
        select: { id: true },
      });
    } catch (error) {
      // A concurrent request with the same crmId won the race for the unique index.
      if ((error as { code?: string }).code === 'P2002') throw new AppError('DUPLICATE_CRM_ID');
      throw error;
    }
    for (const identity of identities) await insertIdentity(tx, tenantId, entity.id, identity);
    if (input.tagIds?.length) {
      await tx.entityTag.createMany({ data: [...new Set(input.tagIds)].map((tagId) => ({ tenantId, entityId: entity.id, tagId })) });
    }
    if (facts?.status) {
      const { value, structure, ...dates } = facts.status;
      await tx.organizationStatus.create({
        data: { tenantId, entityId: entity.id, value, ...dates, structure: structure === undefined ? Prisma.DbNull : (structure as Prisma.InputJsonValue) },
      });
    }
    if (facts?.activities.length) {
      await tx.activity.createMany({
        data: facts.activities.map((a) => ({
          tenantId,
          entityId: entity.id,
          externalId: a.externalId ?? null,
          nameEn: a.nameEn ?? null,
          nameAr: a.nameAr ?? null,
        })),
      });
    }
    // Monitored entities and screening entities are screened at creation (decisions.md), in this transaction.
    await screenNewEntity(tx, { tenantId, entityId: entity.id });
    const [out] = await loadEntities(tx, tenantId, [entity.id]);
    await writeAudit(tx, { tenantId, actor, action: `entity.create.${role.toLowerCase()}`, targetType: 'Entity', targetId: entity.id, after: out, requestId });
    return { data: out! };
  });
}

export async function insertIdentity(tx: Tx, tenantId: string, entityId: string, identity: IdentityInput) {
  const created = await tx.identity.create({
    data: {
      tenantId,
      entityId,
      type: identity.type,
      subtype: identity.subtype ?? null,
      number: identity.number,
      issuingCountryCode: identity.issuingCountryCode ?? null,
      expiresAt: identity.expiresAt ? parseDateOnly(identity.expiresAt)! : null,
      verification: { create: { tenantId, status: 'Pending', source: 'Manual' } },
    },
    select: { id: true },
  });
  const documentIds = [...new Set(identity.documentIds ?? [])];
  if (documentIds.length) {
    await tx.identityDocument.createMany({ data: documentIds.map((attachmentId, position) => ({ tenantId, identityId: created.id, attachmentId, position })) });
  }
  return created;
}

/** The tags an entity is created with: the tenant's (else NOT_FOUND), and of the Entity scope (a Watchlist or Transaction tag is a 400 naming it). */
export async function assertEntityTags(tx: Tx, tenantId: string, tagIds: string[]) {
  const unique = [...new Set(tagIds)];
  if (!unique.length) return;
  const found = new Map((await tx.tag.findMany({ where: { tenantId, id: { in: unique } }, select: { id: true, scope: true } })).map((t) => [t.id, t.scope]));
  if (found.size !== unique.length) throw AppError.notFound();
  const foreign = tagIds.flatMap((id, i) => (found.get(id) === 'Entity' ? [] : [`tagIds.${i}: ${NOT_AN_ENTITY_TAG}`]));
  if (foreign.length) throw AppError.validation(...foreign);
}

export const NOT_AN_ENTITY_TAG = 'only tags of the Entity scope can be put on an entity';

export async function assertAttachmentsExist(tx: Tx, tenantId: string, attachmentIds: string[]) {
  const unique = [...new Set(attachmentIds)];
  if (!unique.length) return;
  const found = await tx.attachment.count({ where: { tenantId, id: { in: unique } } });
  if (found !== unique.length) throw new AppError('NOT_FOUND', undefined, 'attachmentNotFound');
}
