import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { SYSTEM_DECISION_REASONS } from '@/lib/relationships/schemas';
import { systemReasonKey } from './relationship-types';

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
