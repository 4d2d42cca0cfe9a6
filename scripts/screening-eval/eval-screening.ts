/**
 * `npm run eval:screening`: precision / recall / F1 of the scorer on the labeled pairs
 * (scripts/screening-eval/pairs.json) at the default review threshold, plus a threshold sweep.
 * Pure scoring (no database); candidate recall at scale is measured by bench:screening.
 */
import fs from 'node:fs';
import path from 'node:path';
import { scoreEntry, type ScreenableEntry } from '@/lib/screening/score';
import { DEFAULT_THRESHOLDS } from '@/lib/screening/thresholds';

interface Pair {
  id: string;
  label: 'match' | 'nonmatch';
  category: string;
  query: any;
  entry: any;
}

/** `pairs.json`: the set the engine was tuned on; `holdout.json`: written before the candidate-search rework and never tuned on. */
export function loadPairs(file: 'pairs.json' | 'holdout.json' = 'pairs.json'): Pair[] {
  return JSON.parse(fs.readFileSync(path.join(import.meta.dirname, file), 'utf8'));
}

export function toEntry(p: Pair): ScreenableEntry {
  return {
    id: p.id,
    externalId: p.id,
    source: 'ListSourceA',
    type: p.entry.type,
    names: p.entry.names,
    dobs: p.entry.dob ? [p.entry.dob] : [],
    gender: p.entry.gender,
    nationalityCode: p.entry.nationalityCode,
    identities: p.entry.identities ?? [],
  };
}

function metrics(scored: { label: string; score: number }[], t: number) {
  let tp = 0,
    fp = 0,
    fn = 0,
    tn = 0;
  for (const s of scored) {
    const pred = s.score >= t;
    if (pred && s.label === 'match') tp++;
    else if (pred) fp++;
    else if (s.label === 'match') fn++;
    else tn++;
  }
  const precision = tp + fp ? tp / (tp + fp) : 1;
  const recall = tp + fn ? tp / (tp + fn) : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { tp, fp, fn, tn, precision, recall, f1 };
}

for (const file of ['pairs.json', 'holdout.json'] as const) {
  const pairs = loadPairs(file);
  console.log(`\n=== ${file}${file === 'holdout.json' ? ' (held out: never tuned on)' : ' (tuned on)'} ===`);
  const scored = pairs.map((p) => {
    const r = scoreEntry(p.query, toEntry(p));
    return { ...p, score: r.matchingScore, r };
  });
  const t = DEFAULT_THRESHOLDS.review;
  const m = metrics(scored, t);
  const scripts = (p: Pair) =>
    /[\u0600-\u06FF]/.test(p.query.name) || p.entry.names.some((n: any) => /[\u0600-\u06FF]/.test(n.value)) ? 'arabic-involved' : 'latin-only';
  console.log(
    `pairs: ${pairs.length} (${pairs.filter((p) => p.label === 'match').length} matches, ${pairs.filter((p) => p.label === 'nonmatch').length} non-matches; ${pairs.filter((p) => scripts(p) === 'arabic-involved').length} involve Arabic script)`,
  );
  console.log(
    `default review threshold ${t}: precision ${m.precision.toFixed(4)}  recall ${m.recall.toFixed(4)}  F1 ${m.f1.toFixed(4)}  (TP ${m.tp} FP ${m.fp} FN ${m.fn} TN ${m.tn})`,
  );
  console.log('\nthreshold sweep:');
  console.log('  thr    precision  recall   F1');
  for (const th of [0.7, 0.75, 0.8, 0.85, 0.9, 0.95]) {
    const x = metrics(scored, th);
    console.log(`  ${th.toFixed(2)}   ${x.precision.toFixed(4)}     ${x.recall.toFixed(4)}   ${x.f1.toFixed(4)}`);
  }
  console.log('\nby category (errors at the default threshold):');
  const cats = [...new Set(pairs.map((p) => p.category))];
  for (const c of cats) {
    const xs = scored.filter((s) => s.category === c);
    const errs = xs.filter((s) => s.score >= t !== (s.label === 'match'));
    console.log(`  ${c.padEnd(24)} ${String(xs.length).padStart(3)} pairs  ${errs.length} errors`);
  }
  const errors = scored.filter((s) => s.score >= t !== (s.label === 'match'));
  if (errors.length) {
    console.log('\nerrors:');
    for (const e of errors.slice(0, 40))
      console.log(`  ${e.id} ${e.label.padEnd(8)} ${e.score.toFixed(3)}  "${e.query.name}"  vs  "${e.entry.names.map((n: any) => n.value).join(' | ')}"`);
  }
  if (process.env.EVAL_JSON)
    fs.writeFileSync(
      process.env.EVAL_JSON.replace(/(\.json)?$/, file === 'pairs.json' ? '$1' : '.holdout$1'),
      JSON.stringify({ threshold: t, ...m, pairs: pairs.length }, null, 2),
    );
}
