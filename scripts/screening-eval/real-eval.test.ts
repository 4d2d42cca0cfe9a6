/**
 * Fast regression check of `npm run eval:screening:real`: the same evaluation (import through
 * watchlist:import, queries through the service of POST /screening/search, plain Jaro-Winkler
 * baseline) on the fixed sample of the real list files in fixtures/ (make-sample.ts: a quarter
 * of the people of each list). The floors sit a little under the figures measured on that sample
 * when it was written (README "Benchmarks"), so that a matcher change that loses real names fails
 * here; the full run stays a script.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/scripts/testing/db';
import { isPlausible, scriptOf, splitListedName } from './dataset';
import { calibrateBaseline, computeFigures, type KindFigures } from './metrics';
import { runRealEval } from './run';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

describe('real-list evaluation set', () => {
  it('splits the names a UN alias string holds and drops comments', () => {
    expect(splitListedName('Fazel Rahim; Fazil Rahim')).toEqual(['Fazel Rahim', 'Fazil Rahim']);
    expect(splitListedName('Abu Muhammad (original script: Абу Мухаммад)')).toEqual(['Абу Мухаммад', 'Abu Muhammad']);
    expect(splitListedName('حسن غول (Hassan Ghul; Hassan Gul; Hasan Gul)')).toEqual(['Hassan Ghul', 'Hassan Gul', 'Hasan Gul', 'حسن غول']);
    expect(splitListedName('ፍትዊ ዓብዱረዛቕ (Tigrinya)')).toEqual(['ፍትዊ ዓብዱረዛቕ']);
    expect(splitListedName('Agha Jan Alizai اغا جان عالیزی')).toEqual(['Agha Jan Alizai', 'اغا جان عالیزی']);
  });

  it('tells the scripts apart by their letters', () => {
    expect(scriptOf('محمد مسعود اظہر علوی')).toBe('Urdu');
    expect(scriptOf('عبد الصمد اچکزی')).toBe('Persian');
    expect(scriptOf('إياد نظمي صالح خليل')).toBe('Arabic');
    expect(scriptOf('Рустам Магомедович Асельдеров')).toBe('Cyrillic');
    expect(scriptOf('Iyad al-Tubasi')).toBe('Latin');
  });

  it('judges plausibility as the data README says (half the tokens within JW 0.85 of an indexed token)', () => {
    expect(isPlausible('Anwar al-Awlaki', ['ANWAR NASSER ABDULLA AL-AULAQI'])).toBe(true);
    expect(isPlausible('Fabio Fusco', ['MEHREZ BEN MAHMOUD BEN SASSI AL-AMDOUNI'])).toBe(false);
    expect(isPlausible('انور ناصر', ['ANWAR NASSER'])).toBe(true);
  });
});

describe('screening quality on a fixed sample of the real lists (PostgreSQL)', () => {
  const db = useTestDatabase();

  it('keeps recall, precision and the lead over Jaro-Winkler', async () => {
    const { outcomes } = await runRealEval({ dataDir: FIXTURES, databaseUrl: db.current().url, maxSeconds: 80 });
    const figs = computeFigures(outcomes, calibrateBaseline(outcomes, 0.02));
    const kind = (k: string): KindFigures => {
      const f = figs.find((x) => x.kind === k);
      if (!f) throw new Error(`no queries of kind ${k}`);
      return f;
    };
    const summary = figs
      .map(
        (f) =>
          `${f.kind}: n=${f.n} r@1=${f.ours.recall1?.toFixed(3)} plausible=${f.ours.recall1Plausible?.toFixed(3)} fm=${f.ours.falseMatch?.toFixed(3)} jw=${f.baseline.recall1Plausible?.toFixed(3)}`,
      )
      .join('\n');
    const original = kind('original (Arabic, Persian, Urdu, Cyrillic)');
    const un = kind('alias:UN');
    const ofac = kind('alias:OFAC');
    const keptOut = kind('kept out (both lists)');
    expect(original.n, summary).toBeGreaterThan(40);
    expect(original.ours.recall1, summary).toBeGreaterThanOrEqual(FLOORS.original);
    expect(un.ours.recall1Plausible, summary).toBeGreaterThanOrEqual(FLOORS.unPlausible);
    expect(ofac.ours.recall1Plausible, summary).toBeGreaterThanOrEqual(FLOORS.ofacPlausible);
    expect(keptOut.ours.falseMatch, summary).toBeLessThanOrEqual(FLOORS.keptOutFalseMatch);
    expect(un.ours.recall1Plausible! / un.baseline.recall1Plausible!, summary).toBeGreaterThanOrEqual(FLOORS.unOverBaseline);
    expect(ofac.ours.recall1Plausible! / ofac.baseline.recall1Plausible!, summary).toBeGreaterThanOrEqual(FLOORS.ofacOverBaseline);
  }, 120_000);
});

/**
 * Measured on the sample with the rare-name-part rule (original 0.918, plausible alias UN 0.521 /
 * OFAC 0.790, kept-out false matches 0.013, 1.48× / 2.00× the baseline; before it 0.918, 0.472,
 * 0.780, 0.010, 1.34×, 1.97×), less about 0.03; the kept-out ceiling is the target of the full run.
 */
const FLOORS = { original: 0.88, unPlausible: 0.49, ofacPlausible: 0.76, keptOutFalseMatch: 0.02, unOverBaseline: 1.4, ofacOverBaseline: 1.9 };
