/**
 * Writes the fixed sample of the real list files that the fast regression test reads
 * (real-eval.test.ts): about a quarter of the people and organizations of each list, chosen by
 * hash (dataset.ts `inSample`), in the files' own formats, with the UN elements the importer
 * does not read left out. Run again only when the data folder changes:
 *   npx tsx scripts/screening-eval/make-sample.ts [DATA_DIR]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { inSample } from './dataset';

export const SAMPLE_FRACTION = 0.25;
export const FIXTURES = path.join(import.meta.dirname, 'fixtures');

const UNUSED_UN = [
  'VERSIONNUM',
  'LISTED_ON',
  'COMMENTS1',
  'DESIGNATION',
  'TITLE',
  'LIST_TYPE',
  'LAST_DAY_UPDATED',
  'INDIVIDUAL_ADDRESS',
  'ENTITY_ADDRESS',
  'INDIVIDUAL_PLACE_OF_BIRTH',
  'INDIVIDUAL_DOCUMENT',
  'SORT_KEY',
  'SORT_KEY_LAST_MOD',
  'NAME_ORIGINAL_SCRIPT_NOTE',
];

function sampleUn(xml: string): string {
  const strip = (block: string) => UNUSED_UN.reduce((b, tag) => b.replace(new RegExp(`<${tag}\\s*/>|<${tag}>[\\s\\S]*?</${tag}>`, 'g'), ''), block);
  return xml
    .replace(/<(INDIVIDUAL|ENTITY)>[\s\S]*?<\/\1>/g, (block) => {
      const id = /<DATAID>\s*([^<]*?)\s*<\/DATAID>/.exec(block)?.[1] ?? '';
      return inSample('UN', id, SAMPLE_FRACTION) ? strip(block) : '';
    })
    .replace(/\n\s*\n/g, '\n');
}

function sampleOfac(csv: string): string {
  const rows = parse(csv, { relax_column_count: true, skip_empty_lines: true }) as string[][];
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return (
    rows
      .filter((r) => r[0] && inSample('OFAC', r[0], SAMPLE_FRACTION))
      .map((r) => r.map(cell).join(','))
      .join('\n') + '\n'
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', '..', '..', 'shared', 'data', 'screening'));
  fs.mkdirSync(FIXTURES, { recursive: true });
  fs.writeFileSync(path.join(FIXTURES, 'un-dev.xml'), sampleUn(fs.readFileSync(path.join(dir, 'un-dev.xml'), 'utf8')));
  fs.writeFileSync(path.join(FIXTURES, 'ofac-alt-dev.csv'), sampleOfac(fs.readFileSync(path.join(dir, 'ofac-alt-dev.csv'), 'utf8')));
  for (const f of fs.readdirSync(FIXTURES)) console.log(f, fs.statSync(path.join(FIXTURES, f)).size, 'bytes');
}
