// Writes prisma/sql/reference/country_risk.sql, the shipped CountryRisk rows, from
// lib/reference/data/country-risk.json (expanded by lib/reference/country-risk.ts: every ISO code,
// the listed ones with their grade). After changing the data file, run this, then
// `npm run db:new-migration -- <name>`. A test checks the file against the data file.
//   npx tsx scripts/country-risk-sql.ts
import fs from 'node:fs';
import path from 'node:path';
import { countryRiskFileSchema, expandCountryRiskFile } from '@/lib/reference/country-risk';

const DATA = path.resolve('lib/reference/data/country-risk.json');
const FILE = path.resolve('prisma/sql/reference/country_risk.sql');

export function countryRiskSql(): string {
  const file = countryRiskFileSchema.parse(JSON.parse(fs.readFileSync(DATA, 'utf8')));
  const rows = expandCountryRiskFile(file);
  const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
  const num = (n: number | null) => (n === null ? 'NULL::numeric' : `${n}::numeric`);
  const values = rows.map(
    (r) =>
      `  (${quote(r.code)}, ${quote(r.grade)}, ${num(r.score)}, ${num(r.corruptionScore)}, ${num(r.financialCrimeScore)}, ${num(r.geopoliticalScore)}, ${num(r.regulationScore)}, ${quote(r.basis)})`,
  );
  return `-- Country risk reference data: ${rows.length} ISO 3166-1 alpha-2 codes with a grade (Low, Medium, High).
-- Generated from lib/reference/data/country-risk.json by scripts/country-risk-sql.ts: do not edit
-- by hand. Source: ${file.source}, ${file.sourceUrl ?? ''}
-- (as of ${file.asOf}). Call for action → High, increased monitoring → Medium, not listed → Low.
-- Platform data (no tenant). An operator may have loaded a newer table with
-- \`npm run crm -- country-risk:load FILE\`: these rows replace the table only when it holds nothing
-- newer than ${file.asOf}.
WITH v ("code", "grade", "score", "corruptionScore", "financialCrimeScore", "geopoliticalScore", "regulationScore", "basis") AS (VALUES
${values.join(',\n')}
), shipped AS (
  SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM "CountryRisk" WHERE "asOf" > DATE ${quote(file.asOf)})
), removed AS (
  DELETE FROM "CountryRisk" c WHERE EXISTS (SELECT 1 FROM shipped) AND NOT EXISTS (SELECT 1 FROM v WHERE v."code" = c."code")
)
INSERT INTO "CountryRisk" ("code", "grade", "score", "corruptionScore", "financialCrimeScore", "geopoliticalScore", "regulationScore", "basis", "source", "asOf")
SELECT v.*, ${quote(file.source)}, DATE ${quote(file.asOf)} FROM v WHERE EXISTS (SELECT 1 FROM shipped)
ON CONFLICT ("code") DO UPDATE SET "grade" = EXCLUDED."grade", "score" = EXCLUDED."score", "corruptionScore" = EXCLUDED."corruptionScore",
  "financialCrimeScore" = EXCLUDED."financialCrimeScore", "geopoliticalScore" = EXCLUDED."geopoliticalScore",
  "regulationScore" = EXCLUDED."regulationScore", "basis" = EXCLUDED."basis", "source" = EXCLUDED."source", "asOf" = EXCLUDED."asOf"
  WHERE ("CountryRisk"."grade", "CountryRisk"."score", "CountryRisk"."basis", "CountryRisk"."source", "CountryRisk"."asOf")
    IS DISTINCT FROM (EXCLUDED."grade", EXCLUDED."score", EXCLUDED."basis", EXCLUDED."source", EXCLUDED."asOf");
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.writeFileSync(FILE, countryRiskSql());
  console.log(`wrote ${path.relative(process.cwd(), FILE)}`);
}
