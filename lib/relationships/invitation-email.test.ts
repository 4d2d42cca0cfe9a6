import { describe, expect, it } from 'vitest';
import { composeInvitationEmail } from './invitation-email';

const base = {
  tenant: { nameEn: 'Alpha Capital', nameAr: 'ألفا كابيتال' },
  source: { nameEn: 'Najd Trading', nameAr: 'شركة نجد للتجارة' },
  type: 'IsShareholderOf' as const,
  expiresAt: new Date('2026-01-01T00:00:00Z'),
};

describe('relationship confirmation e-mail', () => {
  it("Arabic agrees with the related party's gender, and is neutral when it is not known", () => {
    const woman = composeInvitationEmail({ ...base, language: 'ar', target: { nameEn: null, nameAr: 'ليلى المطيري', gender: 'Female' } });
    expect(woman.body).toContain('عزيزتنا ليلى المطيري،');
    expect(woman.body).toContain('سجّلتك ألفا كابيتال بصفتك مساهمةً في شركة نجد للتجارة.');
    const man = composeInvitationEmail({ ...base, language: 'ar', target: { nameEn: null, nameAr: 'فيصل الحربي', gender: 'Male' } });
    expect(man.body).toContain('عزيزنا فيصل الحربي،');
    expect(man.body).toContain('بصفتك مساهمًا في شركة نجد للتجارة.');
    const unknown = composeInvitationEmail({ ...base, language: 'ar', target: { nameEn: null, nameAr: 'شركة الأفق', gender: null } });
    expect(unknown.body).toContain('شركة الأفق المحترم/ة،');
    expect(unknown.body).toContain('سجّلتك ألفا كابيتال بصفة مساهم في شركة نجد للتجارة.');
    expect(unknown.body).not.toMatch(/عزيزنا|بصفته/);
  });

  it('the subject has no stray space after بـ; English is unchanged', () => {
    const ar = composeInvitationEmail({ ...base, language: 'ar', target: { nameEn: null, nameAr: 'ليلى المطيري', gender: 'Female' } });
    expect(ar.subject).toBe('ألفا كابيتال: يرجى تأكيد العلاقة المسجّلة مع شركة نجد للتجارة');
    expect(ar.subject).not.toContain('بـ ');
    const en = composeInvitationEmail({ ...base, language: 'en', target: { nameEn: 'Layla Al-Mutairi', nameAr: null, gender: 'Female' } });
    expect(en.subject).toBe('Alpha Capital: please confirm your relationship with Najd Trading');
    expect(en.body).toContain('Dear Layla Al-Mutairi,');
    expect(en.body).toContain('Alpha Capital has recorded you as a shareholder of Najd Trading.');
  });
});
