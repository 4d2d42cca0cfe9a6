import type { z } from 'zod';
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
