import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectContract } from './contract';

const schema = z.object({ id: z.string(), nested: z.object({ n: z.number() }).nullable(), list: z.array(z.object({ s: z.string() })) });

describe('expectContract', () => {
  it('accepts exactly the declared shape', () => {
    expect(expectContract(schema, { id: 'a', nested: null, list: [{ s: 'x' }] })).toEqual({ id: 'a', nested: null, list: [{ s: 'x' }] });
  });

  it('fails an extra field at any depth, a missing one and a mistyped one', () => {
    expect(() => expectContract(schema, { id: 'a', nested: null, list: [], extra: 1 })).toThrow(/Unrecognized key/);
    expect(() => expectContract(schema, { id: 'a', nested: { n: 1, extra: 1 }, list: [] })).toThrow(/nested/);
    expect(() => expectContract(schema, { id: 'a', nested: null, list: [{ s: 'x', extra: true }] })).toThrow(/list\.0/);
    expect(() => expectContract(schema, { id: 'a', list: [] })).toThrow(/nested/);
    expect(() => expectContract(schema, { id: 1, nested: null, list: [] })).toThrow(/id/);
  });
});
