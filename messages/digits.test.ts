import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import en from './en.json';

/** Every message text, with its key. */
function texts(node: unknown, path = ''): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([key, value]) => texts(value, path ? `${path}.${key}` : key));
  return [];
}

describe('one digit style (README, Language and direction: Western digits in both languages)', () => {
  it.each([
    ['ar', ar],
    ['en', en],
  ])('no %s message is written with Arabic-Indic or Persian digits', (_, messages) => {
    const mixed = texts(messages).filter(([, text]) => /[\u0660-\u0669\u06F0-\u06F9]/.test(text));
    expect(mixed).toEqual([]);
  });
});
