/**
 * UN Security Council consolidated list XML:
 * CONSOLIDATED_LIST > INDIVIDUALS > INDIVIDUAL (DATAID, FIRST_NAME … FOURTH_NAME,
 * UN_LIST_TYPE, REFERENCE_NUMBER, NATIONALITY/VALUE, INDIVIDUAL_ALIAS {QUALITY, ALIAS_NAME},
 * INDIVIDUAL_DATE_OF_BIRTH {TYPE_OF_DATE, DATE, YEAR, FROM_YEAR, TO_YEAR},
 * INDIVIDUAL_DOCUMENT {TYPE_OF_DOCUMENT, NUMBER, ISSUING_COUNTRY}, NAME_ORIGINAL_SCRIPT,
 * GENDER, COMMENTS1) and ENTITIES > ENTITY (DATAID, FIRST_NAME, ENTITY_ALIAS …).
 * externalId is DATAID. Country names are mapped to ISO alpha-2 codes.
 */
import { XMLParser } from 'fast-xml-parser';
import { createRequire } from 'node:module';
import { ImportFormatError, type ImportedEntry } from './types';

const require = createRequire(import.meta.url);
const countries = require('i18n-iso-countries') as typeof import('i18n-iso-countries');
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));

const COUNTRY_ALIASES: Record<string, string> = {
  'syrian arab republic': 'SY',
  'iran (islamic republic of)': 'IR',
  "democratic people's republic of korea": 'KP',
  'russian federation': 'RU',
  'united republic of tanzania': 'TZ',
  libya: 'LY',
  'libyan arab jamahiriya': 'LY',
  'state of palestine': 'PS',
  'united kingdom of great britain and northern ireland': 'GB',
  'united states of america': 'US',
  'bolivia (plurinational state of)': 'BO',
  'venezuela (bolivarian republic of)': 'VE',
  'viet nam': 'VN',
  türkiye: 'TR',
  turkey: 'TR',
};

export function countryToCode(name: string | null | undefined): string | null {
  if (!name) return null;
  const n = String(name).trim();
  if (/^[A-Za-z]{2}$/.test(n)) return n.toUpperCase();
  return COUNTRY_ALIASES[n.toLowerCase()] ?? countries.getAlpha2Code(n, 'en') ?? null;
}

const ARRAYS = new Set(['INDIVIDUAL', 'ENTITY', 'INDIVIDUAL_ALIAS', 'ENTITY_ALIAS', 'INDIVIDUAL_DATE_OF_BIRTH', 'INDIVIDUAL_DOCUMENT', 'VALUE', 'NATIONALITY']);

const text = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'object' ? '' : String(v).trim());
const arr = <T>(v: T | T[] | undefined | null): T[] => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]);

type Node = Record<string, any>;

export function parseUnXml(xml: string): ImportedEntry[] {
  const parser = new XMLParser({
    ignoreAttributes: true,
    parseTagValue: false,
    trimValues: true,
    isArray: (name) => ARRAYS.has(name),
    processEntities: true,
  });
  let doc: Node;
  try {
    doc = parser.parse(xml);
  } catch (e) {
    throw new ImportFormatError(`invalid XML: ${(e as Error).message}`);
  }
  const root = doc.CONSOLIDATED_LIST as Node | undefined;
  if (!root) throw new ImportFormatError('not a UN consolidated list: CONSOLIDATED_LIST is missing');
  const out: ImportedEntry[] = [];
  for (const ind of arr<Node>(root.INDIVIDUALS?.INDIVIDUAL)) {
    const id = text(ind.DATAID);
    if (!id) throw new ImportFormatError('INDIVIDUAL without DATAID');
    const primary = [ind.FIRST_NAME, ind.SECOND_NAME, ind.THIRD_NAME, ind.FOURTH_NAME].map(text).filter(Boolean).join(' ');
    const names: ImportedEntry['names'] = [];
    if (primary) names.push({ value: primary, kind: 'Primary' });
    const original = text(ind.NAME_ORIGINAL_SCRIPT);
    if (original) names.push({ value: original, kind: 'Alias', quality: 'Original' });
    for (const a of arr<Node>(ind.INDIVIDUAL_ALIAS)) {
      const v = text(a.ALIAS_NAME);
      if (v) names.push({ value: v, kind: 'Alias', quality: text(a.QUALITY) || null });
    }
    if (names.length === 0) throw new ImportFormatError(`INDIVIDUAL ${id} has no name`);
    if (names[0]!.kind !== 'Primary') names[0] = { ...names[0]!, kind: 'Primary' };
    const dobs: string[] = [];
    for (const d of arr<Node>(ind.INDIVIDUAL_DATE_OF_BIRTH)) {
      const date = text(d.DATE);
      if (/^\d{4}-\d{2}-\d{2}/.test(date)) dobs.push(date.slice(0, 10));
      else if (/^\d{4}$/.test(text(d.YEAR))) dobs.push(text(d.YEAR));
      else if (/^\d{4}$/.test(text(d.FROM_YEAR)) && /^\d{4}$/.test(text(d.TO_YEAR))) {
        for (let y = +text(d.FROM_YEAR); y <= +text(d.TO_YEAR) && dobs.length < 20; y++) dobs.push(String(y));
      }
    }
    const nationalityCodes: string[] = [];
    for (const n of arr<Node>(ind.NATIONALITY))
      for (const v of arr<unknown>(n.VALUE)) {
        const c = countryToCode(text(v));
        if (c && !nationalityCodes.includes(c)) nationalityCodes.push(c);
      }
    const identities = arr<Node>(ind.INDIVIDUAL_DOCUMENT)
      .filter((d) => text(d.NUMBER))
      .map((d) => ({ type: text(d.TYPE_OF_DOCUMENT) || 'Identity', number: text(d.NUMBER), issuingCountryCode: countryToCode(text(d.ISSUING_COUNTRY)) }));
    const gender = text(ind.GENDER);
    out.push({
      externalId: id,
      type: 'Individual',
      names,
      dobs,
      gender: gender === 'Male' || gender === 'Female' ? gender : null,
      nationalityCodes,
      identities,
      remarks: text(ind.COMMENTS1) || null,
      listType: text(ind.UN_LIST_TYPE) || null,
      resolutionNumber: text(ind.REFERENCE_NUMBER) || null,
    });
  }
  for (const ent of arr<Node>(root.ENTITIES?.ENTITY)) {
    const id = text(ent.DATAID);
    if (!id) throw new ImportFormatError('ENTITY without DATAID');
    const names: ImportedEntry['names'] = [];
    const primary = text(ent.FIRST_NAME);
    if (primary) names.push({ value: primary, kind: 'Primary' });
    const original = text(ent.NAME_ORIGINAL_SCRIPT);
    if (original) names.push({ value: original, kind: 'Alias', quality: 'Original' });
    for (const a of arr<Node>(ent.ENTITY_ALIAS)) {
      const v = text(a.ALIAS_NAME);
      if (v) names.push({ value: v, kind: 'Alias', quality: text(a.QUALITY) || null });
    }
    if (names.length === 0) throw new ImportFormatError(`ENTITY ${id} has no name`);
    if (names[0]!.kind !== 'Primary') names[0] = { ...names[0]!, kind: 'Primary' };
    out.push({
      externalId: id,
      type: 'Organization',
      names,
      dobs: [],
      nationalityCodes: [],
      identities: [],
      remarks: text(ent.COMMENTS1) || null,
      listType: text(ent.UN_LIST_TYPE) || null,
      resolutionNumber: text(ent.REFERENCE_NUMBER) || null,
    });
  }
  return out;
}
