/**
 * JSON import format (decisions.md): an array of
 * {externalId, type: Individual|Organization, names: [{value, kind: Primary|Alias}], dob?,
 *  dobHijri?, gender?, nationalityCode?, identities?: [{type, number, issuingCountryCode?}], remarks?}.
 */
import { z } from 'zod';
import { ImportFormatError, type ImportedEntry } from './types';

const EntrySchema = z.object({
  externalId: z.union([z.string().min(1), z.number()]).transform(String),
  type: z.enum(['Individual', 'Organization']),
  names: z.array(z.object({ value: z.string().trim().min(1).max(500), kind: z.enum(['Primary', 'Alias']).default('Alias') })).min(1),
  dob: z
    .string()
    .regex(/^\d{4}(-\d{2}-\d{2})?$/)
    .nullish(),
  dobHijri: z
    .string()
    .regex(/^\d{4}(-\d{2}-\d{2})?$/)
    .nullish(),
  gender: z.enum(['Male', 'Female']).nullish(),
  nationalityCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .nullish(),
  identities: z.array(z.object({ type: z.string().min(1), number: z.string().min(1), issuingCountryCode: z.string().nullish() })).nullish(),
  remarks: z.string().nullish(),
});

export function parseJson(text: string): ImportedEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new ImportFormatError(`invalid JSON: ${(e as Error).message}`);
  }
  if (!Array.isArray(data)) throw new ImportFormatError('JSON import must be an array of entries');
  return data.map((raw, i) => {
    const r = EntrySchema.safeParse(raw);
    if (!r.success) {
      const issue = r.error.issues[0]!;
      throw new ImportFormatError(`entry ${i}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    }
    const e = r.data;
    return {
      externalId: e.externalId,
      type: e.type,
      names: e.names,
      dobs: e.dob ? [e.dob] : [],
      dobHijri: e.dobHijri ?? null,
      gender: e.gender ?? null,
      nationalityCodes: e.nationalityCode ? [e.nationalityCode.toUpperCase()] : [],
      identities: (e.identities ?? []).map((x) => ({ type: x.type, number: x.number, issuingCountryCode: x.issuingCountryCode?.toUpperCase() ?? null })),
      remarks: e.remarks ?? null,
    };
  });
}
