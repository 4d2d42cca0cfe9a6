/**
 * zod 4 schemas of `POST /screening/search` (request body) and of the Match it returns.
 * The OpenAPI document is generated from these.
 */
import { z } from 'zod';
import { hijriDate, identityType } from '@/lib/entities/schemas';
import { HIJRI_MAX_YEAR, HIJRI_MIN_YEAR } from '@/lib/reference/hijri';
import { wireTimestamp } from '@/lib/core/format';

export const WatchlistSourceSchema = z.enum(['ListSourceA', 'ListSourceB', 'Custom']).meta({ description: 'Watchlist source' });
export const EntityTypeSchema = z.enum(['Individual', 'Organization']);

const dateOrYear = z
  .string()
  .regex(/^\d{4}(-\d{2}-\d{2})?$/, 'expected YYYY-MM-DD or YYYY')
  .refine((s) => {
    if (s.length === 4) return true;
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'invalid date');

/**
 * A Hijri date of birth as entities take it (a real Umm al-Qura date, `hijriDate`), or, as `dob`
 * allows, its year alone.
 */
const hijriDateOrYear = z
  .string()
  .refine(
    (s) => (/^\d{4}$/.test(s) ? Number(s) >= HIJRI_MIN_YEAR && Number(s) <= HIJRI_MAX_YEAR : hijriDate.safeParse(s).success),
    `expected a Hijri (Umm al-Qura) date YYYY-MM-DD, or a year YYYY, between ${HIJRI_MIN_YEAR} and ${HIJRI_MAX_YEAR} AH`,
  );

export const ScreeningIdentitySchema = z.object({
  type: identityType.optional().meta({ description: 'Identity type, as on entities (e.g. NationalIdentity, Passport)' }),
  number: z.string().min(1).max(100).meta({ description: 'Identity number; compared exactly after removing spaces and punctuation' }),
  issuingCountryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
});

export const ScreeningSearchRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(200).meta({ description: 'Name in Latin or Arabic script' }),
    nameAr: z.string().trim().max(200).optional().meta({ description: 'Arabic-script name, if known' }),
    type: EntityTypeSchema.optional(),
    dob: dateOrYear.optional().meta({ description: 'Date of birth (Gregorian), YYYY-MM-DD or year only' }),
    dobHijri: hijriDateOrYear.optional().meta({ description: 'Date of birth (Hijri, Umm al-Qura), YYYY-MM-DD or year only', example: '1410-10-22' }),
    gender: z.enum(['Male', 'Female']).optional(),
    nationalityCode: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .optional()
      .meta({ description: 'ISO 3166-1 alpha-2' }),
    identities: z.array(ScreeningIdentitySchema).max(20).optional(),
    sources: z.array(WatchlistSourceSchema).max(3).optional().meta({ description: 'Lists to search; all by default' }),
    threshold: z.number().min(0).max(100).optional().meta({ description: 'Minimum percentage returned; the tenant review threshold by default' }),
  })
  .meta({ id: 'ScreeningSearchRequest', description: 'Screen a name against the watchlists; nothing is stored' });

export type ScreeningSearchRequest = z.infer<typeof ScreeningSearchRequestSchema>;

const scoreSignal = z.object({ score: z.number(), neglectScore: z.boolean() });

export const MatchSignalsSchema = z
  .object({
    name: z.object({
      familyJW: z.number().meta({ description: 'Jaro-Winkler of the family name and its counterpart' }),
      firstNameJW: z.number(),
      givenTokenScore: z.number().meta({ description: 'Weighted share of name tokens that agree (both directions)' }),
      fullJW: z.number(),
      phoneticScore: z.number().meta({ description: 'Share of tokens with the same Arabic consonant skeleton' }),
      exactNormalized: z.boolean(),
      totalScore: z.number(),
    }),
    dob: scoreSignal,
    gender: scoreSignal,
    nationality: scoreSignal,
    location: scoreSignal,
    identity: z.object({ matched: z.boolean(), number: z.string().nullable(), label: z.string().nullable() }),
  })
  .meta({ id: 'MatchSignals', description: 'Explanation of a match score' });

export const WatchlistNameSchema = z.object({
  value: z.string(),
  kind: z.enum(['Primary', 'Alias']),
  script: z.enum(['Latin', 'Arabic']).optional(),
  quality: z.string().nullable().optional(),
});

export const MatchSchema = z
  .object({
    id: z.string().uuid().meta({ description: 'Ephemeral for on-demand searches (not stored)' }),
    createdAt: z.string(),
    updatedAt: z.string(),
    deprecatedAt: z.string().nullable(),
    criteria: z.enum(['Identity', 'Name']),
    name: z.string(),
    percentage: z.number().int(),
    riskScore: z.number().int(),
    status: z.string(),
    reasons: z.array(z.string()),
    comment: z.string().nullable(),
    indicatorSummaries: z.array(z.object({ count: z.number().int(), category: z.string(), isNetwork: z.boolean() })),
    matchingScore: z.number(),
    matchedAlias: z.string().nullable(),
    recommendation: z.enum(['AutoMatch', 'Review', 'NoMatch']),
    signals: MatchSignalsSchema,
    caseId: z.string().nullable(),
    sigmaId: z.string().nullable(),
    gender: z.string().nullable(),
    watchlistSource: WatchlistSourceSchema,
    watchlistEntry: z.object({
      id: z.string().uuid(),
      externalId: z.string(),
      source: WatchlistSourceSchema,
      names: z.array(WatchlistNameSchema),
    }),
  })
  .meta({ id: 'Match', description: 'A watchlist match' });

export type MatchDto = z.infer<typeof MatchSchema>;

export const ScreeningSearchResponseSchema = z
  .object({
    meta: z.object({ tookMs: z.number().int(), candidates: z.number().int() }),
    data: z.array(MatchSchema),
  })
  .meta({ id: 'ScreeningSearchResponse' });

export type ScreeningSearchResponse = z.infer<typeof ScreeningSearchResponseSchema>;

// ---- GET /screening/lists (ours): the lists a tenant is screened against, and how fresh they are ----
export const watchlistImportSchema = z
  .object({
    id: z.uuid(),
    createdAt: wireTimestamp,
    format: z.string().meta({ description: 'json, csv or un-xml' }),
    fileName: z.string().nullable(),
    added: z.number().int(),
    updated: z.number().int(),
    deprecated: z.number().int(),
    unchanged: z.number().int(),
    activeEntries: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The list’s entries screened against after this import (null for imports recorded before 2026-11-29)' }),
    deprecatedEntries: z.number().int().nullable().meta({ description: 'The list’s removed entries after this import (null as above)' }),
  })
  .meta({ id: 'WatchlistImport' });

export const watchlistStatusSchema = z
  .object({
    source: WatchlistSourceSchema,
    shared: z.boolean().meta({ description: 'true for ListSourceA/B (one list for every tenant); false for the tenant’s own Custom list' }),
    activeEntries: z.number().int().meta({ description: 'Entries screened against today' }),
    deprecatedEntries: z.number().int().meta({ description: 'Entries removed from the list by an import (kept, no longer screened against)' }),
    lastImportAt: wireTimestamp.nullable().meta({ description: 'When the list was last imported; null if never' }),
    imports: z.array(watchlistImportSchema).meta({ description: 'The last 10 imports, newest first, with what each changed' }),
  })
  .meta({ id: 'WatchlistStatus' });

export const watchlistStatusList = z.object({ data: z.array(watchlistStatusSchema) }).meta({ id: 'WatchlistStatusList' });
export type WatchlistStatus = z.output<typeof watchlistStatusSchema>;

/** A shared list not imported for longer than this is flagged: the sanctions authorities publish changes weekly or faster. */
export const STALE_AFTER_DAYS = 7;

/** The shared lists that leave a gap in screening (lib/screening/list-status.ts, coverageGaps). */
export interface CoverageGaps {
  never: WatchlistStatus['source'][];
  stale: { source: WatchlistStatus['source']; days: number }[];
}
