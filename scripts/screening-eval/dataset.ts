/**
 * The real-list evaluation set (see README.md of the data folder for the fair protocol):
 *
 * - UN consolidated list XML (`un-dev.xml`) and OFAC SDN alternate names (`ofac-alt-dev.csv`);
 * - about a fifth of the people of each list are kept out of the index (FNV-1a hash of list
 *   and id, so the choice is deterministic and independent of the matcher);
 * - every other person is indexed by the primary name plus at most one alias, through the real
 *   import path (a reduced UN XML file and an import CSV made from the OFAC file, both read by
 *   `watchlist:import`); organizations are indexed too, as distractors;
 * - queries: the person's other names (aliases, the original-script name), and every name of
 *   the kept-out people (which must match nobody of their own list).
 *
 * Alias strings of the UN file sometimes hold several names ("Fazel Rahim; Fazil Rahim",
 * "حسن غول (Hassan Ghul; Hassan Gul)", "Abu Muhammad (original script: Абу Мухаммад)") or a
 * comment in parentheses: they are split into the names an officer would type (splitListedName).
 */
import { parse } from 'csv-parse/sync';
import { parseUnXml } from '@/lib/screening/parsers/un-xml';
import { jaroWinkler } from './jaro-winkler';

export type ListName = 'UN' | 'OFAC';
export type QueryScript = 'Latin' | 'Arabic' | 'Persian' | 'Urdu' | 'Pashto' | 'Cyrillic' | 'Other';

export interface Person {
  list: ListName;
  /** DATAID (UN) or ent_num (OFAC) */
  id: string;
  keptOut: boolean;
  /** names that go into the index (primary first) */
  indexed: string[];
  /** names used as queries (already split and cleaned), with their script; `original`: the UN's NAME_ORIGINAL_SCRIPT */
  queries: { name: string; script: QueryScript; original: boolean }[];
}

export interface EvalQuery {
  /**
   * `original:<script>` (the UN's NAME_ORIGINAL_SCRIPT of an indexed person), `alias:UN`, `alias:OFAC`
   * (Latin aliases), `alias-nonlatin:UN` (aliases written in another script: kunyas, renditions of
   * Latin aliases), `keptout:UN`, `keptout:OFAC` (any name of a person kept out of the index)
   */
  kind: string;
  list: ListName;
  personId: string;
  name: string;
  script: QueryScript;
  /** original-script queries count as plausible; Latin ones when ≥ half their tokens are near an indexed token */
  plausible: boolean;
  keptOut: boolean;
}

export interface EvalSet {
  people: Person[];
  queries: EvalQuery[];
  /** UN XML holding only the indexed people and names (plus all entities) */
  unXml: string;
  /** import CSV (externalId,type,name,aliases,…) of the indexed OFAC people and organizations */
  ofacCsv: string;
  /** indexed names of every person/organization per list, for the baseline */
  index: { list: ListName; id: string; type: 'Individual' | 'Organization'; names: string[] }[];
}

/** FNV-1a, 32 bits: a stable hash for deterministic choices. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** About one person in five is kept out of the index. */
export const isKeptOut = (list: ListName, id: string) => fnv1a(`${list}:${id}`) % 5 === 0;

const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const CYRILLIC = /[\u0400-\u04FF]/;
const LATIN = /[A-Za-z\u00C0-\u024F]/;

/** Script of a name; Arabic-script names are told apart by the letters only Urdu, Pashto or Persian use. */
export function scriptOf(name: string): QueryScript {
  if (ARABIC_SCRIPT.test(name)) {
    if (/[\u0679\u0688\u0691\u06BA\u06BE\u06C1\u06C3\u06D2\u06D3]/.test(name)) return 'Urdu'; // ٹ ڈ ڑ ں ھ ہ ۃ ے ۓ
    if (/[\u067C\u0689\u0693\u069A\u0696\u0681\u0685\u06D0\u06CD\u06BC]/.test(name)) return 'Pashto'; // ټ ډ ړ ښ ږ ځ څ ې ۍ ڼ
    if (/[\u06CC\u06A9\u067E\u0686\u0698\u06AF\u06C0]/.test(name)) return 'Persian'; // ی ک پ چ ژ گ ۀ
    return 'Arabic';
  }
  if (CYRILLIC.test(name)) return 'Cyrillic';
  if (LATIN.test(name)) return 'Latin';
  return 'Other';
}

const isLatinText = (s: string) => LATIN.test(s) && !ARABIC_SCRIPT.test(s) && !CYRILLIC.test(s);

/**
 * Splits a listed name into the names it holds: "A; B" → A, B; "X (original script: Y)" → X, Y;
 * a parenthesis in another script than the name outside it holds renditions of it
 * ("حسن غول (Hassan Ghul; Hassan Gul)"); a parenthesis in the same script, or a one-word one, is a
 * comment ("(Tigrinya)", "(false identity …)") and dropped; a name mixing Latin and Arabic script
 * without parentheses is cut into its two runs.
 */
export function splitListedName(raw: string): string[] {
  let s = raw.replace(/\s+/g, ' ').trim();
  const out: string[] = [];
  s = s.replace(/\(([^()]*)\)?/g, (_m, inner: string) => {
    const content = inner.trim();
    const orig = /^original script:\s*(.*)$/i.exec(content);
    if (orig) {
      out.push(...orig[1]!.split(';'));
      return ' ';
    }
    const outside = s.replace(/\([^()]*\)?/g, ' ');
    const otherScript = isLatinText(outside) !== isLatinText(content) && (LATIN.test(content) || ARABIC_SCRIPT.test(content) || CYRILLIC.test(content));
    if (otherScript && (content.includes(';') || content.split(/\s+/).length >= 2 || !isLatinText(content))) out.push(...content.split(';'));
    return ' ';
  });
  for (const part of s.split(';')) {
    const p = part.trim();
    if (!p) continue;
    if (LATIN.test(p) && ARABIC_SCRIPT.test(p)) {
      const runs = p.match(/[^\u0600-\u06FF\uFB50-\uFDFF\uFE70-\uFEFF]+|[\u0600-\u06FF\uFB50-\uFDFF\uFE70-\uFEFF\s]+/g) ?? [];
      out.push(...runs);
    } else out.push(p);
  }
  return [...new Set(out.map((x) => x.replace(/^[\s,.;:)(]+|[\s,.;:)(]+$/g, '').trim()).filter((x) => /\p{L}{2}/u.test(x)))];
}

/** Plain comparison form: lower case, diacritics and apostrophes removed, tokens of letters/digits. */
export function plainTokens(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘`ʿʾ´]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export const plainForm = (name: string) => plainTokens(name).join(' ');

/** README's rule: at least half of the query's Latin tokens within JW 0.85 of a token of the person's indexed names. */
export function isPlausible(query: string, indexed: string[]): boolean {
  if (scriptOf(query) !== 'Latin') return true;
  const q = plainTokens(query).filter((t) => /[a-z]/.test(t));
  if (q.length === 0) return false;
  const idx = new Set(indexed.flatMap(plainTokens));
  let near = 0;
  for (const t of q) if ([...idx].some((x) => jaroWinkler(t, x) >= 0.85)) near++;
  return near * 2 >= q.length;
}

// ---------------------------------------------------------------- UN

const UN_INDIVIDUAL = /<INDIVIDUAL>[\s\S]*?<\/INDIVIDUAL>/g;

function unPeople(xml: string): { people: Person[]; reducedXml: string } {
  const parsed = new Map(
    parseUnXml(xml)
      .filter((e) => e.type === 'Individual')
      .map((e) => [e.externalId, e]),
  );
  const people: Person[] = [];
  const reducedXml = xml.replace(UN_INDIVIDUAL, (block) => {
    const id = /<DATAID>\s*([^<]*?)\s*<\/DATAID>/.exec(block)?.[1] ?? '';
    const entry = parsed.get(id);
    if (!entry) return block;
    const keptOut = isKeptOut('UN', id);
    const primary = entry.names.find((n) => n.kind === 'Primary')!.value;
    const aliases = entry.names.filter((n) => n.kind === 'Alias' && n.quality !== 'Original').map((n) => n.value);
    const original = entry.names.find((n) => n.quality === 'Original')?.value;
    // one Latin alias is indexed when the person has two or more of them (so some stay queries)
    const latinAliases = aliases.filter((a) => splitListedName(a).length === 1 && isLatinText(a));
    const indexedAlias = keptOut || latinAliases.length < 2 ? null : latinAliases[fnv1a(`UN-alias:${id}`) % latinAliases.length]!;
    const indexed = [primary, ...(indexedAlias ? [indexedAlias] : [])];
    const names = keptOut ? [primary, ...aliases] : aliases.filter((a) => a !== indexedAlias);
    const queries = [...(original ? queriesOf([original], indexed, keptOut, true) : []), ...queriesOf(names, indexed, keptOut)];
    people.push({ list: 'UN', id, keptOut, indexed, queries: dedupe(queries) });
    if (keptOut) return '';
    // the index holds the primary name and the chosen alias only
    let kept = block.replace(/<NAME_ORIGINAL_SCRIPT>[\s\S]*?<\/NAME_ORIGINAL_SCRIPT>/g, '');
    let aliasKept = false;
    kept = kept.replace(/<INDIVIDUAL_ALIAS>[\s\S]*?<\/INDIVIDUAL_ALIAS>/g, (alias) => {
      const v = /<ALIAS_NAME>([\s\S]*?)<\/ALIAS_NAME>/.exec(alias)?.[1]?.trim();
      if (aliasKept || !indexedAlias || v === undefined || decodeXml(v) !== indexedAlias) return '';
      aliasKept = true; // a repeated alias is indexed once
      return alias;
    });
    return kept;
  });
  return { people, reducedXml };
}

function decodeXml(s: string): string {
  return s
    .replace(/&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function queriesOf(names: string[], indexed: string[], keptOut: boolean, original = false): Person['queries'] {
  const indexedForms = new Set(indexed.flatMap(splitListedName).map(plainForm));
  // a query equal to an indexed name (up to case and punctuation) measures nothing
  return names
    .flatMap(splitListedName)
    .filter((n) => keptOut || !indexedForms.has(plainForm(n) || n))
    .map((n) => ({ name: n, script: scriptOf(n), original }));
}

/** Repeated names of one person are queried once (the first occurrence wins). */
function dedupe(queries: Person['queries']): Person['queries'] {
  const seen = new Set<string>();
  return queries.filter((q) => {
    const form = plainForm(q.name) || q.name;
    if (seen.has(form)) return false;
    seen.add(form);
    return true;
  });
}

// ---------------------------------------------------------------- OFAC

/** OFAC writes people "LAST, First" (mixed case after the comma); organizations and vessels in capitals. */
const PERSON_FORM = /^[^,]+, .*[a-z]/;

function ofacPeople(csv: string): { people: Person[]; organizations: { id: string; names: string[] }[] } {
  const rows = parse(csv, { relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  const byEnt = new Map<string, string[]>();
  for (const r of rows) {
    const [ent, , , name] = r;
    if (!ent || !name || name === '-0-') continue;
    if (!byEnt.has(ent)) byEnt.set(ent, []);
    byEnt.get(ent)!.push(name);
  }
  const people: Person[] = [];
  const organizations: { id: string; names: string[] }[] = [];
  for (const [id, names] of byEnt) {
    if (!names.some((n) => PERSON_FORM.test(n))) {
      organizations.push({ id, names: names.slice(0, 2) });
      continue;
    }
    const keptOut = isKeptOut('OFAC', id);
    // ALT.CSV has no primary name: the first "LAST, First" name stands for it
    const primary = names.find((n) => PERSON_FORM.test(n))!;
    const rest = names.filter((n) => n !== primary);
    const indexedAlias = keptOut || rest.length < 2 ? null : rest[fnv1a(`OFAC-alias:${id}`) % rest.length]!;
    const indexed = [primary, ...(indexedAlias ? [indexedAlias] : [])];
    const queryNames = keptOut ? names : rest.filter((n) => n !== indexedAlias);
    people.push({ list: 'OFAC', id, keptOut, indexed, queries: dedupe(queriesOf(queryNames, indexed, keptOut)) });
  }
  return { people, organizations };
}

const csvCell = (v: string) => (/[",\n;]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

function ofacImportCsv(people: Person[], organizations: { id: string; names: string[] }[]): string {
  const lines = ['externalId,type,name,aliases,dob,gender,nationalityCode,idType,idNumber'];
  // the import format separates aliases with ";", which never occurs inside an OFAC name
  for (const p of people)
    if (!p.keptOut) lines.push([p.id, 'Individual', csvCell(p.indexed[0]!), csvCell(p.indexed.slice(1).join(';')), '', '', '', '', ''].join(','));
  for (const o of organizations) lines.push([o.id, 'Organization', csvCell(o.names[0]!), csvCell(o.names.slice(1).join(';')), '', '', '', '', ''].join(','));
  return lines.join('\n') + '\n';
}

// ---------------------------------------------------------------- set

export interface BuildOptions {
  /** keep only people whose hash falls in this fraction (1 = all); for the fast regression test */
  sample?: number;
}

const inSampleOf = (list: ListName, id: string, fraction: number) => inSample(list, id, fraction);

/** The fixed sample of the fast regression test: people (and organizations) whose hash falls below `fraction`. */
export const inSample = (list: ListName, id: string, fraction = 1) => fraction >= 1 || (fnv1a(`sample:${list}:${id}`) % 1000) / 1000 < fraction;

export function buildEvalSet(unXmlText: string, ofacCsvText: string, opts: BuildOptions = {}): EvalSet {
  const inSample = (list: ListName, id: string) => inSampleOf(list, id, opts.sample ?? 1);
  const un = unPeople(unXmlText);
  const ofac = ofacPeople(ofacCsvText);
  const people = [...un.people, ...ofac.people].filter((p) => inSample(p.list, p.id));
  const sampledUn = new Set(people.filter((p) => p.list === 'UN').map((p) => p.id));
  const unXml =
    opts.sample && opts.sample < 1
      ? un.reducedXml.replace(UN_INDIVIDUAL, (block) => (sampledUn.has(/<DATAID>\s*([^<]*?)\s*<\/DATAID>/.exec(block)?.[1] ?? '') ? block : ''))
      : un.reducedXml;
  const organizations = ofac.organizations.filter((o) => inSample('OFAC', o.id));
  const queries: EvalQuery[] = [];
  for (const p of people) {
    for (const q of p.queries) {
      const kind = p.keptOut
        ? `keptout:${p.list}`
        : q.original
          ? `original:${q.script}`
          : q.script === 'Latin'
            ? `alias:${p.list}`
            : `alias-nonlatin:${p.list}`;
      // aliases in another script than the index have no plausibility test (JW cannot cross scripts)
      const plausible = !p.keptOut && (q.original || (q.script === 'Latin' && isPlausible(q.name, p.indexed)));
      queries.push({ kind, list: p.list, personId: p.id, name: q.name, script: q.script, plausible, keptOut: p.keptOut });
    }
  }
  const unEntities = parseUnXml(unXml).filter((e) => e.type === 'Organization');
  const index: EvalSet['index'] = [
    ...people.filter((p) => !p.keptOut).map((p) => ({ list: p.list, id: p.id, type: 'Individual' as const, names: p.indexed })),
    ...unEntities.map((e) => ({ list: 'UN' as const, id: e.externalId, type: 'Organization' as const, names: e.names.map((n) => n.value) })),
    ...organizations.map((o) => ({ list: 'OFAC' as const, id: o.id, type: 'Organization' as const, names: o.names })),
  ];
  return {
    people,
    queries,
    unXml,
    ofacCsv: ofacImportCsv(
      people.filter((p) => p.list === 'OFAC'),
      organizations,
    ),
    index,
  };
}
