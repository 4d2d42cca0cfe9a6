import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { inferIdentityType } from '@/lib/entities/schemas';

describe('identity subtypes on the profile', () => {
  it('the subtype the system fills in (a Saudi number starting 2) has a label in each language', () => {
    const subtype = inferIdentityType('2123456789')?.subtype as keyof typeof en.enums.identitySubtype;
    expect(subtype).toBe('Iqama');
    expect(en.enums.identitySubtype[subtype]).toBe('Iqama');
    expect(ar.enums.identitySubtype[subtype]).toMatch(/^[\p{Script=Arabic}\s]+$/u);
  });
});
