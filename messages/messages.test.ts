import { describe, expect, it } from 'vitest';
import en from './en.json';
import ar from './ar.json';

type Tree = { [key: string]: string | Tree };

/** Every leaf key as a dotted path, e.g. `errors.NOT_FOUND`, `profile.verificationKinds.email`. */
export function leafKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`)));
}

function missing(from: Tree, to: Tree): string[] {
  const other = new Set(leafKeys(to));
  return leafKeys(from).filter((key) => !other.has(key));
}

describe('message catalogues', () => {
  it('the helper finds a key that exists in one language only, at any depth', () => {
    const a: Tree = { errors: { NOT_FOUND: 'x' }, ui: { deep: { one: 'a', two: 'b' } } };
    const b: Tree = { errors: { NOT_FOUND: 'y' }, ui: { deep: { one: 'a' } } };
    expect(missing(a, b)).toEqual(['ui.deep.two']);
    expect(missing(b, a)).toEqual([]);
  });

  it('every English key exists in Arabic (all namespaces, errors included)', () => {
    expect(missing(en as Tree, ar as Tree)).toEqual([]);
  });

  it('every Arabic key exists in English', () => {
    expect(missing(ar as Tree, en as Tree)).toEqual([]);
  });

  it('no message is empty, and Arabic messages are written in Arabic script', () => {
    const lookup = (tree: Tree, path: string) => path.split('.').reduce<string | Tree>((node, key) => (node as Tree)[key]!, tree) as string;
    for (const key of leafKeys(ar as Tree)) {
      expect(lookup(en as Tree, key).trim(), key).not.toBe('');
      const text = lookup(ar as Tree, key);
      // The language switch label is the one intentional exception: it names the other language.
      if (key === 'shell.otherLanguage') continue;
      expect(/[\u0600-\u06FF]/.test(text), `${key} should be Arabic: ${text}`).toBe(true);
    }
  });
});
