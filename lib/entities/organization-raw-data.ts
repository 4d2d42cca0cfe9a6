import { parseDateOnly } from '@/lib/core/format';
import { hijriToGregorian } from '@/lib/reference/hijri';

// rawData is the tenant's own commercial-registry lookup (Wathq-style), stored as received. We read
// a few well-known keys from it, tolerantly: anything missing or oddly typed is simply not used.
export interface OrganizationFacts {
  nameEn?: string;
  nameAr?: string;
  dateOfIncorporation?: Date;
  dateOfIncorporationHijri?: string;
  status?: {
    value: string;
    confirmationDate?: Date;
    suspensionDate?: Date;
    reactivationDate?: Date;
    deletionDate?: Date;
    liquidificationDate?: Date;
    structure?: unknown;
  };
  activities: { externalId?: string; nameEn?: string; nameAr?: string }[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, max = 200): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : typeof v === 'number' ? String(v) : undefined;
const first = (o: Obj, keys: string[]) => keys.map((k) => str(o[k])).find(Boolean);

function hijriText(v: unknown): string | undefined {
  const s = str(v)?.replace(/\//g, '-');
  if (!s) return undefined;
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : undefined;
}

function gregorian(v: unknown): Date | undefined {
  const s = str(v);
  if (!s) return undefined;
  const d = parseDateOnly(s.slice(0, 10));
  if (d) return d;
  const t = Date.parse(s);
  return Number.isNaN(t) ? undefined : new Date(t);
}

export function readOrganizationFacts(raw: Obj): OrganizationFacts {
  const facts: OrganizationFacts = { activities: [] };
  facts.nameEn = first(raw, ['nameEn', 'crNameEn', 'companyNameEn', 'name']);
  facts.nameAr = first(raw, ['nameAr', 'crName', 'crNameAr', 'companyNameAr']);
  const greg = gregorian(raw.dateOfIncorporationGregorian ?? raw.dateOfIncorporation ?? raw.issueDateGregorian ?? raw.crIssueDateGregorian);
  const hijri = hijriText(raw.dateOfIncorporationHijri ?? raw.issueDateHijri ?? raw.crIssueDateHijri ?? raw.issueDate);
  if (greg) facts.dateOfIncorporation = greg;
  if (hijri && hijriToGregorian(hijri)) {
    facts.dateOfIncorporationHijri = hijri;
    facts.dateOfIncorporation ??= hijriToGregorian(hijri);
  }
  const status = raw.status;
  const value = isObj(status) ? first(status, ['nameEn', 'value', 'name', 'id']) : str(status);
  if (value) {
    const s = isObj(status) ? status : {};
    facts.status = {
      value,
      confirmationDate: gregorian(s.confirmationDate ?? raw.confirmationDate),
      suspensionDate: gregorian(s.suspensionDate),
      reactivationDate: gregorian(s.reactivationDate),
      deletionDate: gregorian(s.deletionDate),
      liquidificationDate: gregorian(s.liquidationDate ?? s.liquidificationDate),
      structure: raw.businessType ?? raw.structure ?? undefined,
    };
  }
  const acts = isObj(raw.activities) ? raw.activities.isic : raw.activities;
  if (Array.isArray(acts)) {
    for (const a of acts.slice(0, 50)) {
      if (!isObj(a)) continue;
      facts.activities.push({ externalId: str(a.id ?? a.code ?? a.externalId, 100), nameEn: str(a.nameEn), nameAr: str(a.nameAr ?? a.name) });
    }
  }
  return facts;
}
