import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseWatchlist, guessFormat, contentHash } from '../watchlist-import';
import { ImportFormatError } from './types';

const samples = path.resolve(import.meta.dirname, '../../../scripts/screening/samples');
const read = (f: string) => fs.readFileSync(path.join(samples, f), 'utf8');

describe('import parsers', () => {
  it('CSV sample', () => {
    const e = parseWatchlist(read('sample.csv'), 'csv');
    expect(e).toHaveLength(4);
    expect(e[0]!.names.map((n) => n.kind)).toEqual(['Primary', 'Alias', 'Alias']);
    expect(e[0]!.identities).toEqual([{ type: 'NationalIdentity', number: '1023456789' }]);
    expect(e[1]!.dobs).toEqual(['1982']);
  });
  it('JSON sample', () => {
    const e = parseWatchlist(read('sample.json'), 'json');
    expect(e).toHaveLength(2);
    expect(e[0]).toMatchObject({ externalId: 'J-100', dobHijri: '1399-08-05', nationalityCodes: ['SA'] });
  });
  it('UN consolidated list XML sample', () => {
    const e = parseWatchlist(read('un-consolidated-sample.xml'), 'un-xml');
    expect(e.map((x) => [x.externalId, x.type])).toEqual([
      ['9900001', 'Individual'],
      ['9900002', 'Individual'],
      ['9900101', 'Organization'],
    ]);
    expect(e[0]!.names[0]).toEqual({ value: 'ABDULLAH KHALID AL-DOSARI', kind: 'Primary' });
    expect(e[0]!.names.some((n) => n.value === 'عبدالله خالد الدوسري')).toBe(true);
    expect(e[0]!.dobs).toEqual(['1981-02-11', '1980']);
    expect(e[0]!.nationalityCodes).toEqual(['SA']);
    expect(e[0]!.identities).toEqual([{ type: 'Passport', number: 'G 5512093', issuingCountryCode: 'SA' }]);
    expect(e[1]!.dobs).toEqual(['1976', '1977', '1978']);
    expect(e[2]!.names.length).toBe(3);
  });
  it('rejects bad input with a one-line reason', () => {
    expect(() => parseWatchlist('externalId,type\nx,Individual', 'csv')).toThrow(ImportFormatError);
    expect(() => parseWatchlist('{"a":1}', 'json')).toThrow(/array/);
    expect(() => parseWatchlist('[{"externalId":"1","type":"Person","names":[{"value":"x","kind":"Primary"}]}]', 'json')).toThrow(/type/);
    expect(() => parseWatchlist('<foo/>', 'un-xml')).toThrow(/CONSOLIDATED_LIST/);
    expect(() =>
      parseWatchlist(
        '[{"externalId":"1","type":"Individual","names":[{"value":"a","kind":"Primary"}]},{"externalId":"1","type":"Individual","names":[{"value":"b","kind":"Primary"}]}]',
        'json',
      ),
    ).toThrow(/duplicate/);
  });
  it('guesses the format from the extension', () => {
    expect(guessFormat('a.JSON')).toBe('json');
    expect(guessFormat('list.xml')).toBe('un-xml');
    expect(() => guessFormat('x.txt')).toThrow();
  });
  it('content hash ignores nothing that matters and is stable', () => {
    const [a] = parseWatchlist(read('sample.json'), 'json');
    expect(contentHash(a!)).toBe(contentHash(structuredClone(a!)));
    expect(contentHash({ ...a!, dobs: ['1980'] })).not.toBe(contentHash(a!));
  });
});
