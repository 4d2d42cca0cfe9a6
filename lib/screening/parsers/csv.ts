/**
 * CSV import format (decisions.md): header
 * externalId,type,name,aliases,dob,gender,nationalityCode,idType,idNumber
 * with aliases separated by ";". UTF-8 (a BOM is accepted).
 */
import { parse } from 'csv-parse/sync';
import { ImportFormatError, type ImportedEntry } from './types';

const HEADER = ['externalId', 'type', 'name', 'aliases', 'dob', 'gender', 'nationalityCode', 'idType', 'idNumber'];

export function parseCsv(text: string): ImportedEntry[] {
  let records: Record<string, string>[];
  try {
    records = parse(text, { columns: true, bom: true, skip_empty_lines: true, trim: true, relax_column_count: false });
  } catch (e) {
    throw new ImportFormatError(`invalid CSV: ${(e as Error).message}`);
  }
  if (records.length > 0) {
    const missing = HEADER.filter((h) => !(h in records[0]!));
    if (missing.length) throw new ImportFormatError(`CSV header is missing: ${missing.join(', ')}`);
  }
  return records.map((r, i) => {
    const line = i + 2;
    if (!r.externalId) throw new ImportFormatError(`line ${line}: externalId is required`);
    if (r.type !== 'Individual' && r.type !== 'Organization') throw new ImportFormatError(`line ${line}: type must be Individual or Organization`);
    if (!r.name) throw new ImportFormatError(`line ${line}: name is required`);
    if (r.dob && !/^\d{4}(-\d{2}-\d{2})?$/.test(r.dob)) throw new ImportFormatError(`line ${line}: dob must be YYYY-MM-DD or YYYY`);
    if (r.gender && r.gender !== 'Male' && r.gender !== 'Female') throw new ImportFormatError(`line ${line}: gender must be Male or Female`);
    if (r.nationalityCode && !/^[A-Za-z]{2}$/.test(r.nationalityCode)) throw new ImportFormatError(`line ${line}: nationalityCode must be ISO alpha-2`);
    const aliases = (r.aliases ?? '')
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean);
    return {
      externalId: r.externalId,
      type: r.type,
      names: [{ value: r.name, kind: 'Primary' as const }, ...aliases.map((value) => ({ value, kind: 'Alias' as const }))],
      dobs: r.dob ? [r.dob] : [],
      gender: r.gender || null,
      nationalityCodes: r.nationalityCode ? [r.nationalityCode.toUpperCase()] : [],
      identities: r.idNumber ? [{ type: r.idType || 'Identity', number: r.idNumber }] : [],
    };
  });
}
