// Prints the NationalityReference rows as SQL (`INSERT ... VALUES ...;`) from i18n-iso-countries
// through lib/reference/nationalities.ts: what the entity_response_bodies migration holds. When
// the package changes a name or a code, the NationalityReference test fails; a new migration then
// replaces the rows with this output and refreshes the entity documents (see that migration).
//   npx tsx scripts/nationality-reference-sql.ts > rows.sql
import countries from 'i18n-iso-countries';
import { getNationality } from '@/lib/reference/nationalities';

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const rows = Object.keys(countries.getAlpha2Codes())
  .sort()
  .map((code) => `  (${quote(code)}, ${quote(JSON.stringify(getNationality(code)))})`);
console.log(`INSERT INTO "NationalityReference" ("code", "json") VALUES\n${rows.join(',\n')};`);
