import type { z } from 'zod';
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
