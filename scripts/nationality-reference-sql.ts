// Writes prisma/sql/reference/nationalities.sql, the NationalityReference rows, from
// i18n-iso-countries through lib/reference/nationalities.ts. When the package changes a name or a
// code, the NationalityReference test fails; run this, then `npm run db:new-migration -- <name>`,
// which puts the new rows and the refresh of the entity documents into a migration.
//   npx tsx scripts/nationality-reference-sql.ts
import fs from 'node:fs';
import path from 'node:path';
import countries from 'i18n-iso-countries';
import { getNationality } from '@/lib/reference/nationalities';

const FILE = path.resolve('prisma/sql/reference/nationalities.sql');
const HEADER = `-- Nationality reference data (ISO 3166-1 alpha-2 code → the API's \`nationality\` object as JSON
-- text). Generated from i18n-iso-countries by scripts/nationality-reference-sql.ts: do not edit by
-- hand; a test checks that every row still equals what lib/reference/nationalities.ts gives.
-- Platform data, read-only to the application role. The file is the whole table: re-running it
-- removes codes it does not list. Entity documents embed these objects, hence the refresh below.
-- @then-run maintenance/refresh_entity_documents.sql
`;

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const rows = Object.keys(countries.getAlpha2Codes())
  .sort()
  .map((code) => `  (${quote(code)}, ${quote(JSON.stringify(getNationality(code)))})`);
fs.writeFileSync(
  FILE,
  `${HEADER}WITH v ("code", "json") AS (VALUES
${rows.join(',\n')}
), removed AS (
  DELETE FROM "NationalityReference" n WHERE NOT EXISTS (SELECT 1 FROM v WHERE v."code" = n."code")
)
INSERT INTO "NationalityReference" ("code", "json") SELECT "code", "json" FROM v
ON CONFLICT ("code") DO UPDATE SET "json" = EXCLUDED."json" WHERE "NationalityReference"."json" IS DISTINCT FROM EXCLUDED."json";
`,
);
console.log(`wrote ${path.relative(process.cwd(), FILE)} (${rows.length} codes)`);
