import { describe, expect, it } from 'vitest';
import { conjunctiveKeySets, entryBlockKeys, queryBlockKeys, queryLooseKeys, querySubsetKeys } from './keys';
import { normalizeName } from './normalize';
import { looseCode } from './phonetic';

const entryKeys = (e: string) => new Set(entryBlockKeys(normalizeName(e), 'Individual'));
/** True when the entry name satisfies at least one conjunctive set of the query. */
const conjunctiveHit = (q: string, e: string) => {
  const ek = entryKeys(e);
  return conjunctiveKeySets(normalizeName(q)).some((set) => set.every((k) => ek.has(k)));
};
const looseHit = (q: string, e: string) => {
  const ek = entryKeys(e);
  return queryLooseKeys(normalizeName(q), 'Individual').some((k) => ek.has(k));
};
const strictHit = (q: string, e: string) => {
  const ek = entryKeys(e);
  return queryBlockKeys(normalizeName(q), 'Individual').some((k) => ek.has(k));
};

describe('looseCode', () => {
  it.each([
    ['nowak', 'novak'],
    ['kowalski', 'kovalski'],
    ['thompson', 'thomson'],
    ['jon', 'john'],
    ['schmidt', 'schmitt'],
    ['eric', 'erik'],
    ['philip', 'phillip'],
    ['simpson', 'simson'],
  ])('%s = %s', (a, b) => expect(looseCode(a)).toBe(looseCode(b)));

  it.each([
    ['nowak', 'nolan'],
    ['john', 'james'],
    ['thompson', 'thomas'],
    ['nowak', 'novotny'],
  ])('%s ≠ %s', (a, b) => expect(looseCode(a)).not.toBe(looseCode(b)));

  it('is at most 4 characters and marks an initial vowel', () => {
    expect(looseCode('erik')).toMatch(/^0/);
    expect(looseCode('aleksandrovich').length).toBeLessThanOrEqual(4);
  });
});

describe('loose pair keys (fallback for spelling variants)', () => {
  it.each([
    ['Erik Nowak', 'Eric Novak'],
    ['Jon OBrien', "John O'Brien"],
    ['Phillip Thomson', 'Philip Thompson'],
    ['Jon Schmitt', 'John Schmidt'],
  ])('%s finds %s only through loose keys', (q, e) => {
    expect(strictHit(q, e)).toBe(false);
    expect(looseHit(q, e)).toBe(true);
  });
  it('are not built for organizations', () => {
    expect(queryLooseKeys(normalizeName('Nowak Trading', 'Organization'), 'Organization')).toEqual([]);
    expect(entryBlockKeys(normalizeName('Nowak Novak Trading', 'Organization'), 'Organization').some((k) => k.startsWith('l:'))).toBe(false);
  });
});

describe('conjunctive key sets (full names among namesakes)', () => {
  it('a three-token query needs all three tokens on one name', () => {
    expect(conjunctiveHit('Jassim Walid Al-Sulami', 'جاسم وليد السلمي')).toBe(true);
    expect(conjunctiveHit('Alharbi Mohammed Saud', 'Mohammed Saud Al-Harbi')).toBe(true);
    expect(conjunctiveHit('Mohammed Saud Al-Harbi', 'Mohammed Abdullah Al-Harbi')).toBe(false);
  });
  it('an initial combines with the family pair', () => {
    expect(conjunctiveHit('M. Ibraheem Al Ghamedi', 'Mansour Ibrahim Al-Ghamdi')).toBe(true);
    expect(conjunctiveHit('K. Ibraheem Al Ghamedi', 'Mansour Ibrahim Al-Ghamdi')).toBe(false);
  });
  it('two-token names have none (the pair keys are already conjunctive)', () => {
    expect(conjunctiveKeySets(normalizeName('Mohammed Al-Harbi'))).toEqual([]);
  });
});

describe('subset keys (entry name = query minus some tokens)', () => {
  const subsetHit = (q: string, e: string) => {
    const ek = entryKeys(e);
    return querySubsetKeys(normalizeName(q)).some((k) => ek.has(k));
  };
  it('find an entry missing a middle name, in either script, whatever the order', () => {
    expect(subsetHit('Abdullah Abdulrahman Al-Ghamdi', 'Abdullah Al-Ghamdi')).toBe(true);
    expect(subsetHit('Al-Ghamdi Abdullah Abdulrahman', 'عبد الله الغامدي')).toBe(true);
  });
  it('never match an entry with a token the query lacks', () => {
    expect(subsetHit('Abdullah Al-Ghamdi', 'Abdullah Abdulrahman Al-Ghamdi')).toBe(false);
    expect(subsetHit('Abdullah Saud Al-Ghamdi', 'Abdullah Khalid Al-Ghamdi')).toBe(false);
  });
  it('need two tokens', () => {
    expect(querySubsetKeys(normalizeName('Abdullah'))).toEqual([]);
  });
});
