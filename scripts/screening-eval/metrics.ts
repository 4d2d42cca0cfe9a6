/**
 * Figures of the real-list evaluation, per kind of query, for the engine and the baseline.
 * A result is judged by the query's own list (a person listed by both the UN and OFAC is the
 * right answer only in the list the query came from).
 *   recall@1       the best own-list result at or above the review threshold is the person
 *   wrong person   the best own-list result is somebody else
 *   false match    (kept-out people) any own-list result at or above the review threshold
 */
import type { Outcome } from './run';

export interface SystemFigures {
  recall1: number | null;
  recall1Plausible: number | null;
  wrongPerson: number | null;
  falseMatch: number | null;
  p50: number;
  p95: number;
}

export interface KindFigures {
  kind: string;
  n: number;
  plausible: number;
  ours: SystemFigures;
  baseline: SystemFigures;
}

export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]! : 0;
};

const rate = (num: number, den: number) => (den > 0 ? num / den : null);

type Pick = (o: Outcome) => string | null;

function figures(os: Outcome[], pick: Pick, ms: (o: Outcome) => number): SystemFigures {
  const keptOut = os.length > 0 && os[0]!.query.keptOut;
  const right = (o: Outcome) => pick(o) === o.query.personId;
  const plausible = os.filter((o) => o.query.plausible);
  return {
    recall1: keptOut ? null : rate(os.filter(right).length, os.length),
    recall1Plausible: keptOut ? null : rate(plausible.filter(right).length, plausible.length),
    wrongPerson: keptOut ? null : rate(os.filter((o) => pick(o) !== null && !right(o)).length, os.length),
    falseMatch: keptOut ? rate(os.filter((o) => pick(o) !== null).length, os.length) : null,
    p50: percentile(os.map(ms), 50),
    p95: percentile(os.map(ms), 95),
  };
}

export const oursPick: Pick = (o) => o.top?.externalId ?? null;
export const baselinePick =
  (threshold: number): Pick =>
  (o) =>
    o.baseline && o.baseline.score >= threshold ? o.baseline.externalId : null;

/** Lowest baseline threshold (0.80 … 1.00 by 0.01) whose false-match rate on kept-out people is at most `maxFalseMatch`. */
export function calibrateBaseline(outcomes: Outcome[], maxFalseMatch: number): number {
  const kept = outcomes.filter((o) => o.query.keptOut);
  for (let t = 80; t <= 100; t++) {
    const pick = baselinePick(t / 100);
    if (kept.length === 0 || kept.filter((o) => pick(o) !== null).length / kept.length <= maxFalseMatch) return t / 100;
  }
  return 1;
}

/** Groups: every kind, then the aggregates the targets speak of. */
export function kindGroups(outcomes: Outcome[]): [string, Outcome[]][] {
  const kinds = [...new Set(outcomes.map((o) => o.query.kind))].sort((a, b) => order(a) - order(b) || a.localeCompare(b));
  const groups: [string, Outcome[]][] = kinds.map((k) => [k, outcomes.filter((o) => o.query.kind === k)]);
  const targetScripts = new Set(['Arabic', 'Persian', 'Urdu', 'Pashto', 'Cyrillic']);
  groups.push([
    'original (Arabic, Persian, Urdu, Cyrillic)',
    outcomes.filter((o) => o.query.kind.startsWith('original:') && targetScripts.has(o.query.script)),
  ]);
  groups.push(['kept out (both lists)', outcomes.filter((o) => o.query.keptOut)]);
  return groups.filter(([, os]) => os.length > 0);
}

function order(kind: string): number {
  return ['original:', 'alias:', 'alias-nonlatin:', 'keptout:'].findIndex((p) => kind.startsWith(p));
}

export function computeFigures(outcomes: Outcome[], baselineThreshold: number): KindFigures[] {
  return kindGroups(outcomes).map(([kind, os]) => ({
    kind,
    n: os.length,
    plausible: os.filter((o) => o.query.plausible).length,
    ours: figures(os, oursPick, (o) => o.ms),
    baseline: figures(os, baselinePick(baselineThreshold), (o) => o.baselineMs),
  }));
}

export interface TargetCheck {
  name: string;
  value: number | null;
  target: string;
  met: boolean;
}

export function checkTargets(figs: KindFigures[]): TargetCheck[] {
  const get = (kind: string) => figs.find((f) => f.kind === kind);
  const checks: TargetCheck[] = [];
  const orig = get('original (Arabic, Persian, Urdu, Cyrillic)');
  checks.push({ name: 'original-script recall@1', value: orig?.ours.recall1 ?? null, target: '≥ 0.90', met: (orig?.ours.recall1 ?? 0) >= 0.9 });
  for (const list of ['UN', 'OFAC']) {
    const f = get(`alias:${list}`);
    const v = f?.ours.recall1Plausible ?? null;
    const b = f?.baseline.recall1Plausible ?? null;
    checks.push({ name: `plausible Latin alias recall@1 (${list})`, value: v, target: '≥ 0.80', met: (v ?? 0) >= 0.8 });
    checks.push({
      name: `  … vs Jaro-Winkler baseline (${list})`,
      value: v !== null && b ? v / b : null,
      target: '≥ 1.5×',
      met: v !== null && (b === null || b === 0 || v / b >= 1.5),
    });
  }
  const kept = get('kept out (both lists)');
  checks.push({ name: 'kept-out false-match rate', value: kept?.ours.falseMatch ?? null, target: '≤ 0.02', met: (kept?.ours.falseMatch ?? 1) <= 0.02 });
  return checks;
}

const f3 = (x: number | null) => (x === null ? '    –' : x.toFixed(3));
const ms = (x: number) => x.toFixed(1).padStart(5);

/** The table printed by `npm run eval:screening:real` (Markdown, so it can go into the README as is). */
export function formatTable(figs: KindFigures[], baselineThreshold: number): string {
  const head = `| kind | queries | plausible | recall@1 | recall@1 plausible | wrong person | false match | p50 ms | p95 ms | JW recall@1 | JW recall@1 plausible | JW wrong person | JW false match | JW p50 / p95 ms |`;
  const sep = `| --- | ${'---: | '.repeat(13).trim()}`;
  const rows = figs.map(
    (f) =>
      `| ${f.kind} | ${f.n} | ${f.plausible} | ${f3(f.ours.recall1)} | ${f3(f.ours.recall1Plausible)} | ${f3(f.ours.wrongPerson)} | ${f3(f.ours.falseMatch)} | ${ms(f.ours.p50)} | ${ms(f.ours.p95)} | ${f3(f.baseline.recall1)} | ${f3(f.baseline.recall1Plausible)} | ${f3(f.baseline.wrongPerson)} | ${f3(f.baseline.falseMatch)} | ${f.baseline.p50.toFixed(1)} / ${f.baseline.p95.toFixed(1)} |`,
  );
  return [
    `Engine at the default review threshold; JW = plain Jaro-Winkler at ${baselineThreshold.toFixed(2)} (its lowest threshold with ≤ 2% false matches on kept-out people).`,
    '',
    head,
    sep,
    ...rows,
  ].join('\n');
}
