import { describe, expect, it } from 'vitest';
import { createClientInput, createProspectInput } from './schemas';

describe('entity phone numbers (libphonenumber-js)', () => {
  it('accepts real numbers of the dialing code, Saudi by default', () => {
    expect(createClientInput.safeParse({ countryCode: '966', phoneNumber: '501234567' }).success).toBe(true);
    expect(createClientInput.safeParse({ phoneNumber: '501234567' }).success).toBe(true);
    expect(createProspectInput.safeParse({ countryCode: '971', phoneNumber: '501234567' }).success).toBe(true);
  });

  it('refuses numbers that cannot exist for that dialing code, naming phoneNumber', () => {
    for (const [countryCode, phoneNumber] of [
      ['966', '1234'],
      ['966', '999999999999'],
      ['1', '5012345'],
    ]) {
      const parsed = createClientInput.safeParse({ countryCode, phoneNumber });
      expect(parsed.success, `${countryCode} ${phoneNumber}`).toBe(false);
      expect(parsed.error!.issues[0]!.path).toEqual(['phoneNumber']);
    }
  });
});
