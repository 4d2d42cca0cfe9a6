import { describe, expect, it } from 'vitest';
import { entryBlockKeys, queryBlockKeys, buildNameKeys, rarityCandidates, wordKey } from './keys';
import { normalizeName } from './normalize';

const overlap = (q: string, e: string, type: 'Individual' | 'Organization' = 'Individual') => {
  const qk = new Set(queryBlockKeys(normalizeName(q, type), type));
  return entryBlockKeys(normalizeName(e, type), type).some((k) => qk.has(k));
};

describe('blocking keys', () => {
  it('cross-script, reordered, missing middle and initials share a key', () => {
    expect(overlap('محمد عبد الرحمن', 'Mohammed Abdulrahman')).toBe(true);
    expect(overlap('Alharbi Mohammed Saud', 'Mohammed Saud Al-Harbi')).toBe(true);
    expect(overlap('Mohammed Alharbi', 'Mohammed Abdulrahman Alharbi')).toBe(true);
    expect(overlap('M. Alharbi', 'Mohammed Abdulrahman Alharbi')).toBe(true);
    expect(overlap('Yusuf Qaradawi', 'يوسف القرضاوي')).toBe(true);
  });
  it('legal-form words make no keys', () => {
    expect(queryBlockKeys(normalizeName('CORP LLC', 'Organization'), 'Organization')).toEqual([]);
    expect(overlap('Gazprom', 'Gazprom PJSC', 'Organization')).toBe(true);
  });
  it('builds one row per distinct name', () => {
    const rows = buildNameKeys(
      [
        { value: 'Mohammed Alharbi', kind: 'Primary' },
        { value: 'Muhammad Al-Harbi', kind: 'Alias' },
        { value: 'محمد الحربي', kind: 'Alias' },
      ],
      'Individual',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key).toBe('muhammad harbi');
  });
});

describe('rare name parts', () => {
  it('every name part of a person has a w: key, long ones by skeleton, short ones by vowel fold', () => {
    const keys = entryBlockKeys(normalizeName('Ustad Daud Zulkarnaen'), 'Individual');
    const q = rarityCandidates(normalizeName('Zulkarnain'));
    expect(q.map((t) => t.key)).toEqual(['zulkarnain']);
    expect(keys).toContain(wordKey(q[0]!));
    expect(wordKey(rarityCandidates(normalizeName('AWEYS'))[0]!)).toMatch(/^w:~/);
  });
  it('frequent names, titles and kunyas of frequent names are never counted', () => {
    expect(rarityCandidates(normalizeName('Haji Mohammed Ali Abu Ahmad'))).toEqual([]);
    expect(rarityCandidates(normalizeName('Abu Obaida')).map((t) => t.key)).toEqual(['abuobaida']);
  });
});
