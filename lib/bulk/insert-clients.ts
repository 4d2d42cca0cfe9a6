/**
 * Creates a chunk of validated bulk clients set-based (one statement per table instead of one
 * create per client), with the same field rules as POST /entities/client: organization detection from
 * identity types, Gregorian/Hijri date pairs, search text, identities with a Pending manual
 * verification, documents and tags. A crmId taken meanwhile (a single create racing the job) is
 * skipped by the unique index and reported by the caller.
 */
import { randomUUID } from 'node:crypto';
import { formatDate } from '@/lib/core/format';
import { sqlOf } from '@/lib/db/sql';
import type { Tx } from '@/lib/db/tenant-tx';
import { resolveDatePair } from '@/lib/entities/create-entity';
import { ORGANIZATION_IDENTITY_TYPES } from '@/lib/entities/schemas';
import { buildSearchText } from '@/lib/entities/search-text';
import { toScreeningInput } from '@/lib/monitoring/entity-inputs';
import type { ScreeningInput } from '@/lib/screening/score';
import type { BulkClientItem } from './schemas';

export interface ClientToCreate {
  entityId: string;
  index: number;
  input: BulkClientItem;
}

export interface CreatedClient extends ClientToCreate {
  type: 'Individual' | 'Organization';
  nameEn: string | null;
  nameAr: string | null;
  dob: string | null;
  dobHijri: string | null;
}

/** Inserts the clients; answers those created (a crmId conflict leaves an item out). */
export async function insertClients(
  tx: Tx,
  {
    tenantId,
    jobId,
    clients,
    batchTagIds,
    screenedAt,
  }: { tenantId: string; jobId: string; clients: ClientToCreate[]; batchTagIds: string[]; screenedAt: Date },
): Promise<CreatedClient[]> {
  if (!clients.length) return [];
  const db = sqlOf(tx);
  const prepared = clients.map((c) => prepare(c));
  const rows = prepared.map(({ client, type, dob, inc, nameEn, nameAr }) => {
    const i = client.input;
    return {
      id: client.entityId,
      type,
      crmId: i.crmId ?? null,
      nameEn,
      nameAr,
      email: i.email ?? null,
      countryCode: i.countryCode ?? null,
      phoneNumber: i.phoneNumber ?? null,
      accountOpenDate: i.accountOpenDate ?? null,
      dob: formatDate(dob.gregorian),
      dobHijri: dob.hijri,
      dateOfIncorporation: formatDate(inc.gregorian),
      dateOfIncorporationHijri: inc.hijri,
      nationalityCode: i.nationalityCode ?? null,
      gender: i.gender ?? null,
      classification: i.classification ?? 'Retail',
      category: i.category ?? null,
      netIncome: i.netIncome ?? null,
      netAssets: i.netAssets ?? null,
      ongoingMonitoring: i.ongoingMonitoring ?? false,
      // Monitored clients are screened in this transaction; the ones with matches get their summary afterwards.
      screeningStatus: i.ongoingMonitoring ? 'Clear' : 'NotScreened',
      screenedAt: i.ongoingMonitoring ? screenedAt.toISOString() : null,
      searchText: buildSearchText(
        { nameEn, nameAr, email: i.email, crmId: i.crmId },
        (i.identities ?? []).map((x) => x.number),
      ),
    };
  });
  const { rows: inserted } = await db.query<{ id: string }>(
    `INSERT INTO "Entity" (id, "tenantId", role, type, status, "crmId", "nameEn", "nameAr", email, "countryCode", "phoneNumber", "accountOpenDate", dob,
                           "dobHijri", "dateOfIncorporation", "dateOfIncorporationHijri", "nationalityCode", gender, classification, category,
                           "netIncome", "netAssets", "ongoingMonitoring", "screeningStatus", "screenedAt", "searchText", "createdAt", "updatedAt")
     SELECT x.id, $1::uuid, 'Client', x.type::"EntityType", 'Active', x."crmId", x."nameEn", x."nameAr", x.email, x."countryCode", x."phoneNumber",
            x."accountOpenDate"::date, x.dob::date, x."dobHijri", x."dateOfIncorporation"::date, x."dateOfIncorporationHijri", x."nationalityCode",
            x.gender::"Gender", x.classification::"EntityClassification", x.category::"EntityCategory", x."netIncome"::numeric, x."netAssets"::numeric,
            x."ongoingMonitoring", x."screeningStatus"::"ScreeningStatus", x."screenedAt"::timestamptz, x."searchText", now(), now()
       FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, type text, "crmId" text, "nameEn" text, "nameAr" text, email text, "countryCode" text,
            "phoneNumber" text, "accountOpenDate" text, dob text, "dobHijri" text, "dateOfIncorporation" text, "dateOfIncorporationHijri" text,
            "nationalityCode" text, gender text, classification text, category text, "netIncome" text, "netAssets" text, "ongoingMonitoring" boolean,
            "screeningStatus" text, "screenedAt" text, "searchText" text)
     ON CONFLICT ("tenantId", "crmId") DO NOTHING
     RETURNING id`,
    [tenantId, JSON.stringify(rows)],
  );
  const created = new Set(inserted.map((r) => r.id));
  const done = prepared.filter((p) => created.has(p.client.entityId));
  if (!done.length) return [];

  const identities = done.flatMap(({ client }) =>
    (client.input.identities ?? []).map((identity, position) => ({
      id: randomUUID(),
      entityId: client.entityId,
      position,
      type: identity.type,
      subtype: identity.subtype ?? null,
      number: identity.number,
      issuingCountryCode: identity.issuingCountryCode ?? null,
      expiresAt: identity.expiresAt ?? null,
      documentIds: [...new Set(identity.documentIds ?? [])],
    })),
  );
  if (identities.length) {
    // Created one after another within an entity, so the profile keeps the request's identity order.
    await db.query(
      `INSERT INTO "Identity" (id, "tenantId", "entityId", type, subtype, number, "issuingCountryCode", "expiresAt", "createdAt", "updatedAt")
       SELECT x.id, $1::uuid, x."entityId", x.type::"IdentityType", x.subtype, x.number, x."issuingCountryCode", x."expiresAt"::date,
              now() + x.position * interval '1 millisecond', now() + x.position * interval '1 millisecond'
         FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, "entityId" uuid, position int, type text, subtype text, number text, "issuingCountryCode" text, "expiresAt" text)`,
      [tenantId, JSON.stringify(identities)],
    );
    await db.query(
      `INSERT INTO "IdentityVerification" (id, "tenantId", "identityId", status, source, "createdAt", "updatedAt")
       SELECT gen_random_uuid(), $1::uuid, x.id, 'Pending', 'Manual', now(), now() FROM jsonb_to_recordset($2::jsonb) AS x(id uuid)`,
      [tenantId, JSON.stringify(identities.map((i) => ({ id: i.id })))],
    );
    const documents = identities.flatMap((i) => i.documentIds.map((attachmentId, position) => ({ identityId: i.id, attachmentId, position })));
    if (documents.length) {
      await db.query(
        `INSERT INTO "IdentityDocument" ("tenantId", "identityId", "attachmentId", position, "createdAt")
         SELECT $1::uuid, x."identityId", x."attachmentId", x.position, now()
           FROM jsonb_to_recordset($2::jsonb) AS x("identityId" uuid, "attachmentId" uuid, position int)`,
        [tenantId, JSON.stringify(documents)],
      );
    }
  }
  const tags = done.flatMap(({ client }) =>
    [...new Set([...batchTagIds, ...(client.input.tagIds ?? [])])].map((tagId) => ({ entityId: client.entityId, tagId })),
  );
  if (tags.length) {
    await db.query(
      `INSERT INTO "EntityTag" ("tenantId", "entityId", "tagId", "createdAt")
       SELECT $1::uuid, x."entityId", x."tagId", now() FROM jsonb_to_recordset($2::jsonb) AS x("entityId" uuid, "tagId" uuid)`,
      [tenantId, JSON.stringify(tags)],
    );
  }
  await db.query(
    `INSERT INTO "AuditLog" (id, "tenantId", "actorType", "actorId", action, "targetType", "targetId", after, "requestId", "createdAt")
     SELECT gen_random_uuid(), $1::uuid, j."actorType", j."actorId", 'entity.create.client', 'Entity', x."entityId"::text,
            jsonb_build_object('bulkJobId', j.id, 'index', x.index, 'crmId', x."crmId"), j."requestId", now()
       FROM jsonb_to_recordset($3::jsonb) AS x("entityId" uuid, index int, "crmId" text)
       JOIN "BulkJob" j ON j.id = $2::uuid AND j."tenantId" = $1::uuid`,
    [tenantId, jobId, JSON.stringify(done.map(({ client }) => ({ entityId: client.entityId, index: client.index, crmId: client.input.crmId ?? null })))],
  );
  return done.map(({ client, type, nameEn, nameAr, dob }) => ({ ...client, type, nameEn, nameAr, dob: formatDate(dob.gregorian), dobHijri: dob.hijri }));
}

/** The screening input of a client to create, from the same prepared values the insert uses. */
export function screeningInputOf(client: ClientToCreate): ScreeningInput | null {
  const i = client.input;
  if (!i.ongoingMonitoring) return null;
  const p = prepare(client);
  return toScreeningInput({
    type: p.type,
    nameEn: p.nameEn,
    nameAr: p.nameAr,
    dob: formatDate(p.dob.gregorian),
    dobHijri: p.dob.hijri,
    gender: i.gender,
    nationalityCode: i.nationalityCode,
    identities: i.identities,
  });
}

function prepare(client: ClientToCreate) {
  const i = client.input;
  const identities = i.identities ?? [];
  const type: 'Individual' | 'Organization' = i.type ? i.type : identities.some((x) => ORGANIZATION_IDENTITY_TYPES.has(x.type)) ? 'Organization' : 'Individual';
  return {
    client,
    type,
    nameEn: i.nameEn ?? null,
    nameAr: i.nameAr ?? null,
    dob: resolveDatePair('dob', i.dobGregorian, i.dobHijri),
    inc: resolveDatePair('dateOfIncorporation', i.dateOfIncorporationGregorian, i.dateOfIncorporationHijri),
  };
}
