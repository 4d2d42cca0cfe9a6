import { describe, expect, it } from 'vitest';
import { GET as listRoute } from '@/app/services/crm/entities/route';
import { POST as clientRoute } from '@/app/services/crm/entities/client/route';
import { POST as bankAccountRoute } from '@/app/services/crm/entities/[entityId]/bank-accounts/route';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { individualInput, saudiIban, saudiNumber } from '@/scripts/testing/record-factories';

const db = useTestDatabase();

/** What `crm_search_fold` makes of a text, straight from the database. */
async function fold(text: string): Promise<string> {
  const { rows } = await db.current().pool.query<{ f: string }>('SELECT crm_search_fold($1) AS f', [text]);
  return rows[0]!.f;
}

describe('crm_search_fold (the one definition of search folding)', () => {
  it.each([
    ['أحمد', 'احمد'],
    ['إبراهيم', 'ابراهيم'],
    ['آمنة', 'امنه'],
    ['مصطفى', 'مصطفي'],
    ['فاطمة', 'فاطمه'],
    ['القحطانـــي', 'القحطاني'],
    ['مُحَمَّد', 'محمد'],
    ['مسؤول', 'مسوول'],
    ['١٠٢٣٤٥٦٧٨٩', '1023456789'],
    ['Al-Qahtani', 'al qahtani'],
    ['ÉLODIE Müller', 'elodie muller'],
    ["O'Brien", 'obrien'],
    ['SA03 8000', 'sa03 8000'],
    ['100%_x', '100%_x'],
  ])('%s → %s', async (input, folded) => {
    expect(await fold(input)).toBe(folded);
  });

  it('is idempotent (the stored text may be folded again)', async () => {
    const once = await fold('محمّد أحمد Al-Qahtani ١٢٣');
    expect(await fold(once)).toBe(once);
  });
});

describe('GET /entities?q= – Arabic-insensitive, word by word, on the stored folded text', () => {
  it('finds a record by any spelling of its Arabic name, by its English name word by word, by identity number in either digit style and by IBAN', async () => {
    const t = await createTestTenant();
    const other = await createTestTenant();
    const nid = saudiNumber('1', 123456789);
    const mk = async (body: object, headers = t.headers) => {
      const res = await callRoute(clientRoute, 'POST', '/services/crm/entities/client', { headers, body });
      expect(res.status).toBe(201);
      return res.body.data.id as string;
    };
    const qahtani = await mk(
      individualInput({ nameEn: 'Mohammed Abdullah Al-Qahtani', nameAr: 'مُحمّد عبدالله القحطاني', identities: [{ number: nid }] as any }),
    );
    const ahmed = await mk(individualInput({ nameEn: 'Ahmed Al-Harbi', nameAr: 'أحمد الحربي', email: 'ahmed@example.sa' }));
    const fatima = await mk(individualInput({ nameEn: 'Fatima Al-Otaibi', nameAr: 'فاطمة العتيبي', email: 'fatima@example.sa' }));
    const mustafa = await mk(individualInput({ nameEn: 'Mustafa Saleh', nameAr: 'مصطفى صالح', email: 'mustafa@example.sa' }));
    // The same name in another tenant is never found.
    await mk(individualInput({ nameEn: 'Mohammed Al-Qahtani', nameAr: 'محمد القحطاني' }), other.headers);
    const iban = saudiIban('80', 424242);
    const account = await callRoute(bankAccountRoute, 'POST', `/services/crm/entities/${ahmed}/bank-accounts`, {
      headers: t.headers,
      params: { entityId: ahmed },
      body: { iban },
    });
    expect(account.status).toBe(201);

    const ids = async (q: string) => {
      const res = await callRoute(listRoute, 'GET', `/services/crm/entities?q=${encodeURIComponent(q)}`, { headers: t.headers });
      expect(res.status, q).toBe(200);
      return (res.body.data as { id: string }[]).map((e) => e.id).sort();
    };
    expect(await ids('محمد القحطاني')).toEqual([qahtani]); // word by word, diacritics ignored
    expect(await ids('القحطاني محمد')).toEqual([qahtani]); // in any order
    expect(await ids('Al Qahtani')).toEqual([qahtani]);
    expect(await ids('al-qahtani')).toEqual([qahtani]);
    expect(await ids('MOHAMMED qahtani')).toEqual([qahtani]);
    expect(await ids('محمد الحربي')).toEqual([]); // every word must match
    expect(await ids('احمد')).toEqual([ahmed]); // bare alef finds أحمد
    expect(await ids('إحمد')).toEqual([ahmed]);
    expect(await ids('فاطمه')).toEqual([fatima]); // heh finds teh marbuta
    expect(await ids('مصطفي')).toEqual([mustafa]); // yeh finds alef maksura
    expect(await ids('مصطـــفى')).toEqual([mustafa]); // tatweel
    expect(await ids(nid)).toEqual([qahtani]);
    expect(await ids(nid.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!))).toEqual([qahtani]);
    expect(await ids(iban)).toEqual([ahmed]);
    expect(await ids(iban.replace(/(.{4})/g, '$1 ').trim())).toEqual([ahmed]); // typed in groups of four
    expect(await ids('ahmed@example.sa')).toEqual([ahmed]);
    expect(await ids(' - ')).toHaveLength(4); // punctuation only filters nothing
  });

  it('stores the search text folded, whoever writes it', async () => {
    const t = await createTestTenant();
    const res = await callRoute(clientRoute, 'POST', '/services/crm/entities/client', { headers: t.headers, body: individualInput({ nameAr: 'آمنة' }) });
    const { rows } = await db.current().pool.query<{ s: string }>('SELECT "searchText" AS s FROM "Entity" WHERE id = $1', [res.body.data.id]);
    expect(rows[0]!.s).toContain('امنه');
    expect(rows[0]!.s).not.toMatch(/[A-Zآة]/);
  });
});
