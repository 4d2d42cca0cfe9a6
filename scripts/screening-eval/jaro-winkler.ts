/**
 * Plain Jaro-Winkler (prefix scale 0.1, prefix up to 4), kept apart from the engine's copy so that
 * the baseline and the README's plausibility rule stay fixed whatever the matcher becomes.
 */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return a.length === 0 ? 0 : 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const aMatch = new Uint8Array(la);
  const bMatch = new Uint8Array(lb);
  let m = 0;
  for (let i = 0; i < la; i++) {
    const hi = Math.min(lb - 1, i + window);
    for (let j = Math.max(0, i - window); j <= hi; j++) {
      if (bMatch[j] === 0 && a.charCodeAt(i) === b.charCodeAt(j)) {
        aMatch[i] = 1;
        bMatch[j] = 1;
        m++;
        break;
      }
    }
  }
  if (m === 0) return 0;
  let t = 0;
  for (let i = 0, k = 0; i < la; i++) {
    if (aMatch[i] === 0) continue;
    while (bMatch[k] === 0) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) t++;
    k++;
  }
  const jaro = (m / la + m / lb + (m - t / 2) / m) / 3;
  let prefix = 0;
  while (prefix < Math.min(4, la, lb) && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}
