import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { SYSTEM_DECISION_REASONS } from '@/lib/relationships/schemas';
import { systemReasonKey, validityText } from './relationship-types';

describe('system decision reasons', () => {
  it('turns the texts the system stores into message keys, in both languages', () => {
    expect(systemReasonKey({ by: 'System', reason: 'No confirmation required' })).toBe('noConfirmationRequired');
    expect(systemReasonKey({ by: 'System', reason: 'The confirmation link expired' })).toBe('linkExpired');
    for (const key of Object.keys(SYSTEM_DECISION_REASONS) as (keyof typeof SYSTEM_DECISION_REASONS)[]) {
      expect(en.relationships.systemReason[key]).toBe(SYSTEM_DECISION_REASONS[key]);
      expect(ar.relationships.systemReason[key]).toMatch(/\p{Script=Arabic}/u);
    }
  });

  it("leaves a person's own words as written", () => {
    expect(systemReasonKey({ by: 'Officer', reason: 'No confirmation required' })).toBeNull();
    expect(systemReasonKey({ by: 'RelatedParty', reason: 'لست الولي الشرعي لهذا القاصر' })).toBeNull();
    expect(systemReasonKey({ by: 'System', reason: null })).toBeNull();
  });
});

describe('validity', () => {
  const t = (key: string, values?: { from?: string; to?: string }) => `${key}|${values?.from ?? ''}|${values?.to ?? ''}`;
  it('is one phrase for each case, never a bare dash', () => {
    expect(validityText(t, 'en', { validFrom: '2024-05-01', validTo: '2025-05-01' })).toBe('section.validityRange|May 1, 2024|May 1, 2025');
    expect(validityText(t, 'en', { validFrom: '2024-05-01', validTo: null })).toBe('section.validityFrom|May 1, 2024|');
    expect(validityText(t, 'en', { validFrom: null, validTo: '2025-05-01' })).toBe('section.validityUntil||May 1, 2025');
    expect(validityText(t, 'en', { validFrom: null, validTo: null })).toBe('section.validityOpen||');
  });

  it('reads cleanly in both languages', () => {
    for (const messages of [en, ar]) {
      for (const text of Object.values(messages.relationships.section)) expect(text).not.toMatch(/—|–/);
    }
    expect(ar.relationships.section.validityOpen).toBe('بلا تاريخ بداية أو انتهاء');
    expect(en.relationships.decidedBy.Officer).toBe('by an officer on their behalf');
  });
});
