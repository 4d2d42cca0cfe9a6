import { parse as parseCsv } from 'csv-parse/sync';
import countries from 'i18n-iso-countries';
import { z } from 'zod';
import { AppError } from '@/lib/core/errors';
import { formatDate, parseDateOnly } from '@/lib/core/format';
import type { SqlQueryable } from '@/lib/db/sql';
import { withPlatform } from '@/lib/db/tenant-tx';
import { isCountryCode } from './nationalities';

// Country risk: one grade (Low | Medium | High) per ISO 3166-1 alpha-2 code, with the public source
// it came from and that source's date. The shipped table (prisma/sql/reference/country_risk.sql) is
// generated from data/country-risk.json; `npm run crm -- country-risk:load FILE` replaces it with a
// newer file. KYC scoring reads it for Nationality questions; transaction monitoring can reuse it.

export const RISK_GRADES = ['Low', 'Medium', 'High'] as const;
export type RiskGrade = (typeof RISK_GRADES)[number];

/** Points a grade gives in the KYC score (decisions.md: Low 1, Medium 2, High 3). */
export const GRADE_POINTS: Record<RiskGrade, number> = { Low: 1, Medium: 2, High: 3 };

export interface CountryRisk {
  code: string;
  grade: RiskGrade;
  /** The source's own score when it gives one, else the grade's points. */
  score: number;
  corruptionScore: number | null;
  financialCrimeScore: number | null;
  geopoliticalScore: number | null;
  regulationScore: number | null;
  basis: string;
  source: string;
  asOf: string;
}

const subScore = z.number().finite().min(0).max(1000).nullable().optional();
const entrySchema = z.object({
  code: z.string().refine(isCountryCode, 'expected an ISO 3166-1 alpha-2 code (upper case)'),
  grade: z.enum(RISK_GRADES),
  basis: z.string().trim().min(1).max(200),
  score: subScore,
  corruptionScore: subScore,
  financialCrimeScore: subScore,
  geopoliticalScore: subScore,
  regulationScore: subScore,
});

/** The file format (JSON): the listed countries, and the grade of every country the source does not list. */
export const countryRiskFileSchema = z
  .object({
    source: z.string().trim().min(1).max(500),
    sourceUrl: z.url().optional(),
    asOf: z.string().refine((v) => parseDateOnly(v) !== undefined, 'expected a date YYYY-MM-DD'),
    default: z.object({ grade: z.enum(RISK_GRADES), basis: z.string().trim().min(1).max(200) }).optional(),
    countries: z.array(entrySchema).min(1),
  })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.countries.forEach((c, i) => {
      if (seen.has(c.code)) ctx.addIssue({ code: 'custom', path: ['countries', i, 'code'], message: `${c.code} is listed twice` });
      seen.add(c.code);
    });
  });
export type CountryRiskFile = z.infer<typeof countryRiskFileSchema>;

/** Reads a country-risk file: JSON as above, or CSV `code,grade,basis[,score,...]` with `source`/`asOf` given beside it. */
export function parseCountryRiskFile(
  text: string,
  format: 'json' | 'csv',
  extra: { source?: string; asOf?: string; defaultGrade?: string } = {},
): CountryRiskFile {
  let raw: unknown;
  if (format === 'json') {
    try {
      raw = JSON.parse(text);
    } catch {
      throw AppError.validation('(file): malformed JSON');
    }
  } else {
    const records = parseCsv(text, { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
    const num = (v: string | undefined) => (v === undefined || v === '' ? null : Number(v));
    raw = {
      source: extra.source,
      asOf: extra.asOf,
      default: extra.defaultGrade ? { grade: extra.defaultGrade, basis: 'Not listed by the source' } : undefined,
      countries: records.map((r) => ({
        code: r.code,
        grade: r.grade,
        basis: r.basis,
        score: num(r.score),
        corruptionScore: num(r.corruptionScore),
        financialCrimeScore: num(r.financialCrimeScore),
        geopoliticalScore: num(r.geopoliticalScore),
        regulationScore: num(r.regulationScore),
      })),
    };
  }
  const parsed = countryRiskFileSchema.safeParse(raw);
  if (!parsed.success) throw AppError.validation(...parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`));
  return parsed.data;
}

/** The table's rows for a file: the listed codes, and (with a default grade) every other ISO code. */
export function expandCountryRiskFile(file: CountryRiskFile): CountryRisk[] {
  const listed = new Map(file.countries.map((c) => [c.code, c]));
  const codes = file.default ? Object.keys(countries.getAlpha2Codes()) : [...listed.keys()];
  return codes.sort().map((code) => {
    const entry = listed.get(code) ?? { code, grade: file.default!.grade, basis: file.default!.basis };
    return {
      code,
      grade: entry.grade,
      score: ('score' in entry && entry.score != null ? entry.score : undefined) ?? GRADE_POINTS[entry.grade],
      corruptionScore: ('corruptionScore' in entry ? entry.corruptionScore : null) ?? null,
      financialCrimeScore: ('financialCrimeScore' in entry ? entry.financialCrimeScore : null) ?? null,
      geopoliticalScore: ('geopoliticalScore' in entry ? entry.geopoliticalScore : null) ?? null,
      regulationScore: ('regulationScore' in entry ? entry.regulationScore : null) ?? null,
      basis: entry.basis,
      source: file.source,
      asOf: file.asOf,
    };
  });
}

interface CountryRiskRow {
  code: string;
  grade: string;
  score: string | null;
  corruptionScore: string | null;
  financialCrimeScore: string | null;
  geopoliticalScore: string | null;
  regulationScore: string | null;
  basis: string;
  source: string;
  asOf: Date | string;
}

const toNumber = (v: string | null) => (v === null ? null : Number(v));

function fromRow(r: CountryRiskRow): CountryRisk {
  const grade = r.grade as RiskGrade;
  return {
    code: r.code,
    grade,
    score: toNumber(r.score) ?? GRADE_POINTS[grade],
    corruptionScore: toNumber(r.corruptionScore),
    financialCrimeScore: toNumber(r.financialCrimeScore),
    geopoliticalScore: toNumber(r.geopoliticalScore),
    regulationScore: toNumber(r.regulationScore),
    basis: r.basis,
    source: r.source,
    asOf: typeof r.asOf === 'string' ? r.asOf.slice(0, 10) : formatDate(r.asOf)!,
  };
}

const SELECT = `SELECT "code", "grade", "score"::text AS "score", "corruptionScore"::text AS "corruptionScore",
  "financialCrimeScore"::text AS "financialCrimeScore", "geopoliticalScore"::text AS "geopoliticalScore",
  "regulationScore"::text AS "regulationScore", "basis", "source", "asOf"::text AS "asOf" FROM "CountryRisk"`;

/** The risk of each code found in the table (codes the table does not hold are absent from the map). */
export async function getCountryRisks(db: SqlQueryable, codes: readonly string[]): Promise<Map<string, CountryRisk>> {
  const unique = [...new Set(codes)];
  if (!unique.length) return new Map();
  const { rows } = await db.query<CountryRiskRow>(`${SELECT} WHERE "code" = ANY($1::text[])`, [unique]);
  return new Map(rows.map((r) => [r.code, fromRow(r)]));
}

/** The whole table, by code (the CLI prints a summary of it). */
export async function listCountryRisks(db: SqlQueryable): Promise<CountryRisk[]> {
  const { rows } = await db.query<CountryRiskRow>(`${SELECT} ORDER BY "code"`);
  return rows.map(fromRow);
}

/**
 * Replaces the whole table with a file's rows in one transaction (codes the file does not hold are
 * removed). Refuses a file older than the table's current `asOf` unless `force` is given, so an old
 * export cannot silently downgrade the grades.
 */
export async function loadCountryRiskTable({ file, force = false }: { file: CountryRiskFile; force?: boolean }) {
  const rows = expandCountryRiskFile(file);
  return withPlatform(async (tx) => {
    const current = await tx.countryRisk.aggregate({ _max: { asOf: true } });
    const currentAsOf = formatDate(current._max.asOf);
    if (!force && currentAsOf && currentAsOf > file.asOf) {
      throw AppError.validation(`asOf: the table already holds ${currentAsOf}, newer than ${file.asOf} (use --force to load it anyway)`);
    }
    await tx.countryRisk.deleteMany({});
    await tx.countryRisk.createMany({
      data: rows.map((r) => ({
        code: r.code,
        grade: r.grade,
        score: r.score,
        corruptionScore: r.corruptionScore,
        financialCrimeScore: r.financialCrimeScore,
        geopoliticalScore: r.geopoliticalScore,
        regulationScore: r.regulationScore,
        basis: r.basis,
        source: r.source,
        asOf: parseDateOnly(r.asOf)!,
      })),
    });
    const counts = Object.fromEntries(RISK_GRADES.map((g) => [g, rows.filter((r) => r.grade === g).length]));
    return { loaded: rows.length, asOf: file.asOf, source: file.source, grades: counts, previousAsOf: currentAsOf };
  });
}
