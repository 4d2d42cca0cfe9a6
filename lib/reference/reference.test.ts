import countries from 'i18n-iso-countries';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GET as citiesRoute } from '@/app/services/crm/cities/route';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { gregorianToHijri, hijriToGregorian, isValidHijri } from './hijri';
import { getNationality, isCountryCode } from './nationalities';

const db = useTestDatabase();

describe('Hijri (Umm al-Qura) conversion', () => {
  it('converts known dates both ways', () => {
    expect(hijriToGregorian('1445-09-01')?.toISOString().slice(0, 10)).toBe('2024-03-11'); // 1 Ramadan 1445
    expect(hijriToGregorian('1445-10-01')?.toISOString().slice(0, 10)).toBe('2024-04-10'); // Eid al-Fitr 1445
    expect(hijriToGregorian('1446-01-01')?.toISOString().slice(0, 10)).toBe('2024-07-07'); // 1 Muharram 1446
    expect(gregorianToHijri(new Date(Date.UTC(2024, 2, 11)))).toBe('1445-09-01');
  });

  it('refuses days that do not exist in Umm al-Qura', () => {
    // Shawwal 1445 has 29 days (1 Dhu al-Qadah = 2024-05-09).
    expect(hijriToGregorian('1445-10-29')?.toISOString().slice(0, 10)).toBe('2024-05-08');
    expect(isValidHijri('1445-10-30')).toBe(false);
    for (const bad of ['1445-13-01', '1445-00-10', '1445-01-00', '1445-01-31', '14450101', '1445-1-1', '', '0999-01-01', '9999-01-01']) {
      expect(isValidHijri(bad), bad).toBe(false);
    }
  });

  it('round-trips every day (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 0, 1) / 86_400_000, max: Date.UTC(2150, 0, 1) / 86_400_000 }), (day) => {
        const d = new Date(day * 86_400_000);
        expect(hijriToGregorian(gregorianToHijri(d))?.getTime()).toBe(d.getTime());
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 30 }), (s) => typeof isValidHijri(s) === 'boolean'));
  });
});

describe('nationalities', () => {
  it('has English and Arabic names and both codes', () => {
    expect(getNationality('SA')).toMatchObject({ twoCode: 'SA', threeCode: 'SAU', nameAr: 'السعودية' });
    expect(getNationality('EG')?.nameAr).toMatch(/مصر/);
    expect(getNationality('SA')?.id).toBe(getNationality('SA')?.id);
    expect(getNationality('XX')).toBeNull();
    expect(isCountryCode('sa')).toBe(false);
  });

  it('NationalityReference (the table entity reads join in SQL) holds exactly what getNationality gives, for every code', async () => {
    // The rows were generated from this module into the entity_response_bodies migration
    // (scripts/nationality-reference-sql.ts); when i18n-iso-countries changes a name or a code,
    // this fails until a new migration brings them level.
    const { rows } = await db.current().pool.query<{ code: string; json: string }>('SELECT "code", "json" FROM "NationalityReference" ORDER BY "code"');
    const codes = Object.keys(countries.getAlpha2Codes()).sort();
    expect(rows.map((r) => r.code)).toEqual(codes);
    for (const row of rows) expect(JSON.parse(row.json), row.code).toEqual(getNationality(row.code));
  });

  it('the application role can read NationalityReference but not change it', async () => {
    const client = await db.current().pool.connect();
    try {
      await client.query('BEGIN; SET LOCAL ROLE crm_app');
      expect((await client.query('SELECT count(*)::int AS n FROM "NationalityReference"')).rows[0].n).toBeGreaterThan(240);
      await expect(client.query(`UPDATE "NationalityReference" SET "json" = 'null' WHERE "code" = 'SA'`)).rejects.toThrow(/permission denied/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

describe('GET /cities', () => {
  it('lists the seeded Saudi cities in both languages with meta', async () => {
    const t = await createTestTenant();
    const res = await callRoute(citiesRoute, 'GET', '/services/crm/cities?size=100', { headers: t.headers });
    expect(res.status).toBe(200);
    expect(res.body.meta.totalCount).toBeGreaterThanOrEqual(40);
    expect(res.body.data).toContainEqual(expect.objectContaining({ nameEn: 'Riyadh', nameAr: 'الرياض' }));
    expect(res.body.data).toContainEqual(expect.objectContaining({ nameEn: 'Jeddah', nameAr: 'جدة' }));
    for (const c of res.body.data) {
      expect(Object.keys(c).sort()).toEqual(['createdAt', 'id', 'nameAr', 'nameEn', 'updatedAt']);
      expect(c.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
    }
    expect((await callRoute(citiesRoute, 'GET', '/services/crm/cities', {})).status).toBe(401);
    expect((await callRoute(citiesRoute, 'GET', '/services/crm/cities?size=500', { headers: t.headers })).status).toBe(400);
  });
});
