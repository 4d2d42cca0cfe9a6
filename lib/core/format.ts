import { z } from 'zod';

// Formatters for the spec's wire formats (interface-specification.md, Conventions).

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function datePart(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function timePart(d: Date): string {
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** createdAt / updatedAt / completedAt / matchedAt / archivedAt / deprecatedAt: `YYYY-MM-DD HH:mm:ss.SSS` (UTC). */
export function formatTimestamp(d: Date): string;
export function formatTimestamp(d: Date | null | undefined): string | null;
export function formatTimestamp(d: Date | null | undefined): string | null {
  return d ? `${datePart(d)} ${timePart(d)}.${pad(d.getUTCMilliseconds(), 3)}` : null;
}

/** Other timestamps: ISO 8601 UTC without milliseconds, `YYYY-MM-DDTHH:mm:ssZ`. */
export function formatIso(d: Date | null | undefined): string | null {
  return d ? `${datePart(d)}T${timePart(d)}Z` : null;
}

/** syncedRiskAt: ISO 8601 UTC with milliseconds. */
export function formatIsoMs(d: Date | null | undefined): string | null {
  return d ? `${datePart(d)}T${timePart(d)}.${pad(d.getUTCMilliseconds(), 3)}Z` : null;
}

/** Date-only fields: `YYYY-MM-DD`. Stored as PostgreSQL `date`, which Prisma returns at UTC midnight. */
export function formatDate(d: Date | null | undefined): string | null {
  return d ? datePart(d) : null;
}

/** Parses `YYYY-MM-DD` into a UTC-midnight Date, or undefined when it is not a real calendar date. */
export function parseDateOnly(value: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return datePart(d) === value ? d : undefined;
}

// The same formats as response schemas: contract tests check them, and the OpenAPI document shows the pattern.
export const wireTimestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/)
  .meta({ description: '`YYYY-MM-DD HH:mm:ss.SSS`, UTC.', example: '2026-11-22 10:15:00.123' });
export const wireIsoTimestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
  .meta({ description: 'ISO 8601 UTC, `YYYY-MM-DDTHH:mm:ssZ`.', example: '2026-11-22T10:15:00Z' });
export const wireDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ description: '`YYYY-MM-DD`.', example: '1990-05-17' });
