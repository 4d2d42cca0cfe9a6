import type { z } from 'zod';
import { AppError } from './errors';

/** Each entry names the field path first: `identities.0.number: Too big: expected string to have <=50 characters`. */
export function formatIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : '(body)'}: ${issue.message}`);
}

/** zod parse that fails as the API does: VALIDATION_ERROR naming each field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw AppError.validation(...formatIssues(parsed.error));
  return parsed.data;
}
