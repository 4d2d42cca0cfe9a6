import type { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { formatIssues } from '@/lib/api/wrapper';

/** zod parse that fails as the API does: 400 VALIDATION_ERROR naming each field. */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw ApiError.validation(...formatIssues(parsed.error));
  return parsed.data;
}

/** Path ids that are not UUIDs name no record: 404, as on the public API. */
export function parseIdOr404<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw ApiError.notFound();
  return parsed.data;
}

export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw ApiError.validation('(body): malformed JSON');
  }
}
