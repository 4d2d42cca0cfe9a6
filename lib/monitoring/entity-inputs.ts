/**
 * What a stored entity is screened with: its names in both scripts, type, date of birth (Gregorian
 * and Hijri), gender, nationality and identity numbers, read in one statement for many entities.
 */
import type { SqlQueryable } from '@/lib/db/sql';
import type { ScreeningInput } from '@/lib/screening/score';

export interface EntityScreeningInput {
  entityId: string;
  crmId: string | null;
  role: 'Client' | 'Prospect' | 'Screening';
  ongoingMonitoring: boolean;
  input: ScreeningInput;
}

interface Row {
  id: string;
  crmId: string | null;
  role: 'Client' | 'Prospect' | 'Screening';
  type: 'Individual' | 'Organization';
  nameEn: string | null;
  nameAr: string | null;
  dob: string | null;
  dobHijri: string | null;
  gender: string | null;
  nationalityCode: string | null;
  ongoingMonitoring: boolean;
  identities: { type: string; number: string; issuingCountryCode: string | null }[] | null;
}

/** The screening query of each entity (in the order of `entityIds`; unknown ids and nameless entities are skipped). */
export async function loadEntityScreeningInputs(db: SqlQueryable, tenantId: string, entityIds: string[]): Promise<EntityScreeningInput[]> {
  if (!entityIds.length) return [];
  const { rows } = await db.query<Row>(
    `SELECT e.id, e."crmId", e.role, e.type, e."nameEn", e."nameAr", crm_date_text(e.dob) AS dob, e."dobHijri", e.gender,
            e."nationalityCode", e."ongoingMonitoring",
            (SELECT json_agg(json_build_object('type', i.type, 'number', i.number, 'issuingCountryCode', i."issuingCountryCode") ORDER BY i."createdAt", i.id)
               FROM "Identity" i WHERE i."tenantId" = e."tenantId" AND i."entityId" = e.id) AS identities
       FROM "Entity" e
      WHERE e."tenantId" = $1::uuid AND e.id = ANY($2::uuid[])`,
    [tenantId, entityIds],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return entityIds.flatMap((id) => {
    const r = byId.get(id);
    const input = r ? toScreeningInput(r) : null;
    return r && input ? [{ entityId: r.id, crmId: r.crmId, role: r.role, ongoingMonitoring: r.ongoingMonitoring, input }] : [];
  });
}

/** The engine's query for an entity: the Latin name first (or the Arabic one alone), the Arabic name beside it. */
export function toScreeningInput(e: {
  type: 'Individual' | 'Organization';
  nameEn: string | null;
  nameAr: string | null;
  dob?: string | null;
  dobHijri?: string | null;
  gender?: string | null;
  nationalityCode?: string | null;
  identities?: { type?: string | null; number: string; issuingCountryCode?: string | null }[] | null;
}): ScreeningInput | null {
  const name = e.nameEn?.trim() || e.nameAr?.trim();
  if (!name) return null;
  return {
    name,
    nameAr: e.nameEn?.trim() && e.nameAr?.trim() ? e.nameAr.trim() : null,
    type: e.type,
    dob: e.dob ?? null,
    dobHijri: e.dobHijri ?? null,
    gender: e.gender ?? null,
    nationalityCode: e.nationalityCode ?? null,
    identities: (e.identities ?? []).map((i) => ({ type: i.type ?? null, number: i.number, issuingCountryCode: i.issuingCountryCode ?? null })),
  };
}
