/**
 * Jaro-Winkler similarity (0..1), prefix scale 0.1, prefix length at most 4.
 * Works on UTF-16 code units; callers pass normalized Latin keys, so that is exact.
 */
const A_SCRATCH = new Uint8Array(64);
const B_SCRATCH = new Uint8Array(64);

export function jaro(a: string, b: string): number {
  if (a === b) return a.length === 0 ? 1 : 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  // scratch flags reused across calls (names are short; longer strings get their own)
  const aMatch = la <= 64 ? A_SCRATCH.fill(0, 0, la) : new Uint8Array(la);
  const bMatch = lb <= 64 ? B_SCRATCH.fill(0, 0, lb) : new Uint8Array(lb);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(lb - 1, i + window);
    const c = a.charCodeAt(i);
    for (let j = lo; j <= hi; j++) {
      if (bMatch[j] === 0 && b.charCodeAt(j) === c) {
        aMatch[i] = 1;
        bMatch[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (aMatch[i] === 0) continue;
    while (bMatch[k] === 0) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const m = matches;
  return (m / la + m / lb + (m - transpositions / 2) / m) / 3;
}

export function jaroWinkler(a: string, b: string, prefixScale = 0.1): number {
  const j = jaro(a, b);
  if (j === 0) return 0;
  let prefix = 0;
  const max = Math.min(4, a.length, b.length);
  while (prefix < max && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return j + prefix * prefixScale * (1 - j);
}
