import { z } from 'zod';

/**
 * The response schema made strict at every depth: an extra field anywhere (not only at the top, as
 * `.strict()` alone would check) fails, as do a missing or mistyped one. Contract tests parse every
 * answer with it, so the zod schemas stay the one true description of the wire.
 */
export function deepStrict(schema: z.ZodType): z.ZodType {
  const def = (schema as unknown as { _zod: { def: Record<string, any> } })._zod.def;
  switch (def.type) {
    case 'object':
      return z.strictObject(Object.fromEntries(Object.entries(def.shape as Record<string, z.ZodType>).map(([k, v]) => [k, deepStrict(v)])));
    case 'array':
      return z.array(deepStrict(def.element));
    case 'nullable':
      return deepStrict(def.innerType).nullable();
    case 'optional':
      return deepStrict(def.innerType).optional();
    case 'default':
    case 'prefault':
      return deepStrict(def.innerType);
    case 'union':
      return z.union((def.options as z.ZodType[]).map(deepStrict) as [z.ZodType, z.ZodType]);
    case 'pipe':
      return deepStrict(def.in);
    default:
      return schema;
  }
}

/** Parses `value` with the deep-strict schema; a failure names every path that is off. */
export function expectContract<S extends z.ZodType>(schema: S, value: unknown, what = 'response'): z.output<S> {
  const result = deepStrict(schema).safeParse(value);
  if (!result.success) {
    throw new Error(`${what} does not match its schema:\n${result.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`).join('\n')}`);
  }
  return result.data as z.output<S>;
}
