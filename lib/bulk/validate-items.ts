/**
 * Per-item validation of a bulk request, with the rules of POST /entities/client: the create-client
 * schema, a name in at least one language, Gregorian and Hijri dates that name the same day, no
 * identity twice in one item; then crmIds repeated within the request.
 */
import { AppError } from '@/lib/core/errors';
import { formatIssues } from '@/lib/core/validation';
import { resolveDatePair } from '@/lib/entities/create-entity';
import { bulkClientItem, type BulkClientItem } from './schemas';

export type ItemCheck =
  { index: number; crmId: string | null; ok: true; value: BulkClientItem } | { index: number; crmId: string | null; ok: false; errors: string[] };

function crmIdOf(raw: unknown): string | null {
  const value = raw && typeof raw === 'object' ? (raw as { crmId?: unknown }).crmId : undefined;
  return typeof value === 'string' ? value.slice(0, 100) : null;
}

export function validateItem(raw: unknown, index: number): ItemCheck {
  const crmId = crmIdOf(raw);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { index, crmId, ok: false, errors: ['(item): expected an object'] };
  const parsed = bulkClientItem.safeParse(raw);
  if (!parsed.success) return { index, crmId, ok: false, errors: formatIssues(parsed.error) };
  const value = parsed.data;
  const errors: string[] = [];
  if (!value.nameEn && !value.nameAr) errors.push('nameEn: required (nameEn or nameAr)');
  for (const field of ['dob', 'dateOfIncorporation'] as const) {
    try {
      resolveDatePair(field, value[`${field}Gregorian`], value[`${field}Hijri`]);
    } catch (error) {
      if (error instanceof AppError) errors.push(...(error.validationErrors ?? []));
      else throw error;
    }
  }
  const seen = new Set<string>();
  for (const [i, identity] of (value.identities ?? []).entries()) {
    const key = `${identity.type}:${identity.number}`;
    if (seen.has(key)) errors.push(`identities.${i}.number: duplicate identity in this item`);
    seen.add(key);
  }
  return errors.length ? { index, crmId, ok: false, errors } : { index, crmId: value.crmId ?? null, ok: true, value };
}

/** Validates every item, then marks later repeats of a crmId within the request. */
export function validateItems(items: unknown[]): ItemCheck[] {
  const checks = items.map((raw, index) => validateItem(raw, index));
  const firstIndex = new Map<string, number>();
  return checks.map((check) => {
    if (!check.ok || !check.crmId) return check;
    const first = firstIndex.get(check.crmId);
    if (first === undefined) {
      firstIndex.set(check.crmId, check.index);
      return check;
    }
    return { index: check.index, crmId: check.crmId, ok: false, errors: [`crmId: DUPLICATE_CRM_ID: the same crmId as item ${first} of this request`] };
  });
}
