/**
 * Offline miss analysis (development aid): reads the --json output of eval:screening:real and,
 * for every plausible alias miss, scores the query against the right person's indexed names
 * with the pure scorer (no database), printing the tokens, their alignment and the signals.
 * `tsx scripts/screening-eval/analyze-misses.ts RESULT.json [DATA_DIR] [kind-filter]`
 */
import fs from 'node:fs';
import path from 'node:path';
import { align } from '@/lib/screening/align';
import { normalizeName } from '@/lib/screening/normalize';
import { compareNames } from '@/lib/screening/name-score';
import { buildEvalSet } from './dataset';
import type { Outcome } from './run';

const [jsonFile, dataDirArg, filter] = process.argv.slice(2);
const dataDir = dataDirArg || path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'data', 'screening');
const res = JSON.parse(fs.readFileSync(jsonFile!, 'utf8')) as { outcomes: Outcome[] };
const set = buildEvalSet(fs.readFileSync(path.join(dataDir, 'un-dev.xml'), 'utf8'), fs.readFileSync(path.join(dataDir, 'ofac-alt-dev.csv'), 'utf8'));
const idx = new Map(set.index.map((e) => [`${e.list}:${e.id}`, e]));
const buckets = new Map<string, number>();
for (const o of res.outcomes) {
  const q = o.query;
  if (q.keptOut || !q.plausible || !q.kind.startsWith('alias')) continue;
  if (filter && !q.kind.includes(filter)) continue;
  if (o.top?.externalId === q.personId) continue;
  const e = idx.get(`${q.list}:${q.personId}`)!;
  const qn = normalizeName(q.name);
  let best = { s: -1, name: '', detail: '' };
  for (const n of e.names) {
    const en = normalizeName(n);
    const s = compareNames(qn, en);
    if (s.totalScore > best.s) {
      const al = align(qn.tokens, en.tokens);
      const qt = qn.tokens.map(
        (t, i) => `${t.key}${t.weak ? '(w)' : ''}${t.common ? '(c)' : ''}→${al.q2e[i]! >= 0 ? en.tokens[al.q2e[i]!]!.key : '-'}:${al.qSim[i]!.toFixed(2)}`,
      );
      const et = en.tokens.map((t) => `${t.key}${t.weak ? '(w)' : ''}${t.common ? '(c)' : ''}`);
      best = {
        s: s.totalScore,
        name: n,
        detail: `q[${qt.join(' ')}] e[${et.join(' ')}] g=${s.givenTokenScore} fam=${s.familyJW} first=${s.firstNameJW} full=${s.fullJW} ph=${s.phoneticScore}`,
      };
    }
  }
  const b =
    best.s >= 0.8
      ? 'A >=0.80 (candidates/ranking)'
      : best.s >= 0.75
        ? 'B 0.75-0.80'
        : best.s >= 0.7
          ? 'C 0.70-0.75'
          : best.s >= 0.5
            ? 'D 0.50-0.70'
            : 'E <0.50';
  buckets.set(`${q.kind} ${b}`, (buckets.get(`${q.kind} ${b}`) ?? 0) + 1);
  const got = o.top ? `${o.top.externalId} "${o.top.name}" ${o.top.score.toFixed(3)}` : '-';
  console.log(`${b.slice(0, 1)} ${best.s.toFixed(3)} ${q.kind} ${q.personId} "${q.name}" vs "${best.name}" | top ${got}\n    ${best.detail}`);
}
console.log(
  [...buckets.entries()]
    .sort()
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n'),
);
