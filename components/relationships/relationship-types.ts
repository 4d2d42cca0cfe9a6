import type { z } from 'zod';
import { formatDay } from '@/components/ui/dates';
import { SYSTEM_DECISION_REASONS, type SystemDecisionReason } from '@/lib/relationships/schemas';
import type { beneficialOwnerSchema, queuedRelationshipSchema, relationshipSchema } from '@/lib/relationships/schemas';

// UI types are the API's own response schemas (one source per wire shape).
export type Relationship = z.infer<typeof relationshipSchema>;
export type QueuedRelationship = z.infer<typeof queuedRelationshipSchema>;
export type BeneficialOwner = z.infer<typeof beneficialOwnerSchema>;

/** The diagram's input: the ownership graph above an organization (lib/relationships/ownership-graph.ts). */
export interface OwnershipDiagramData {
  subjectId: string;
  nodes: { id: string; type: 'Individual' | 'Organization'; nameEn: string | null; nameAr: string | null }[];
  edges: { relationshipId: string; ownedId: string; ownerId: string; ownershipPercent: string | null }[];
}

/** The name in the page's language, falling back to the other one. */
export function partyName(locale: string, party: { nameEn: string | null; nameAr: string | null }): string {
  return (locale === 'ar' ? (party.nameAr ?? party.nameEn) : (party.nameEn ?? party.nameAr)) ?? '—';
}

/**
 * A reason the system wrote when it decided by itself (stored and answered in English), as a message
 * key so the page shows it in the reader's language; null for an officer's or the party's own words.
 */
export function systemReasonKey(decision: { by: string; reason: string | null }): SystemDecisionReason | null {
  if (decision.by !== 'System' || !decision.reason) return null;
  const found = Object.entries(SYSTEM_DECISION_REASONS).find(([, text]) => text === decision.reason);
  return found ? (found[0] as SystemDecisionReason) : null;
}

type ValidityKey = 'section.validityRange' | 'section.validityFrom' | 'section.validityUntil' | 'section.validityOpen';

/** A relationship's validity as one phrase: both ends, one of them, or neither (never a bare dash). */
export function validityText(
  t: (key: ValidityKey, values?: { from?: string; to?: string }) => string,
  locale: string,
  { validFrom, validTo }: { validFrom: string | null; validTo: string | null },
): string {
  const from = validFrom ? formatDay(locale, validFrom) : undefined;
  const to = validTo ? formatDay(locale, validTo) : undefined;
  if (from && to) return t('section.validityRange', { from, to });
  if (from) return t('section.validityFrom', { from });
  if (to) return t('section.validityUntil', { to });
  return t('section.validityOpen');
}
