// Bulk seeding for the benchmarks and drills: N entities (with an identity and its verification
// each, 5% tagged PEP) in batches of plain SQL, the way bench:records has always seeded them.
import pg from 'pg';

const BATCH = 20_000;

const GIVEN = [
  ['Mohammed', 'محمد'],
  ['Abdullah', 'عبدالله'],
  ['Fahad', 'فهد'],
  ['Khalid', 'خالد'],
  ['Saad', 'سعد'],
  ['Faisal', 'فيصل'],
  ['Sultan', 'سلطان'],
  ['Turki', 'تركي'],
  ['Nasser', 'ناصر'],
  ['Omar', 'عمر'],
  ['Ali', 'علي'],
  ['Ahmed', 'أحمد'],
  ['Yousef', 'يوسف'],
  ['Ibrahim', 'إبراهيم'],
  ['Noura', 'نورة'],
  ['Sara', 'سارة'],
  ['Huda', 'هدى'],
  ['Maryam', 'مريم'],
  ['Reem', 'ريم'],
  ['Lama', 'لمى'],
  ['Abeer', 'عبير'],
  ['Amal', 'أمل'],
];
export const FAMILY = [
  ['Al-Qahtani', 'القحطاني'],
  ['Al-Otaibi', 'العتيبي'],
  ['Al-Harbi', 'الحربي'],
  ['Al-Dosari', 'الدوسري'],
  ['Al-Shehri', 'الشهري'],
  ['Al-Zahrani', 'الزهراني'],
  ['Al-Ghamdi', 'الغامدي'],
  ['Al-Mutairi', 'المطيري'],
  ['Al-Anazi', 'العنزي'],
  ['Al-Shammari', 'الشمري'],
  ['Al-Subaie', 'السبيعي'],
  ['Al-Malki', 'المالكي'],
  ['Al-Juhani', 'الجهني'],
  ['Al-Rashidi', 'الرشيدي'],
  ['Al-Yami', 'اليامي'],
  ['Al-Sahli', 'السهلي'],
  ['Al-Omari', 'العمري'],
  ['Al-Asmari', 'الأسمري'],
  ['Al-Tamimi', 'التميمي'],
  ['Al-Khalidi', 'الخالدي'],
  ['Al-Saud', 'آل سعود'],
  ['Al-Sheikh', 'آل الشيخ'],
  ['Bin Laden', 'بن لادن'],
  ['Al-Rajhi', 'الراجحي'],
  ['Al-Olayan', 'العليان'],
];

export async function seedEntities(
  url: string,
  tenantId: string,
  N: number,
  log: (...a: unknown[]) => void = () => {},
): Promise<{ tagId: string; sampleIds: string[]; sampleNumbers: string[]; sampleCrmIds: string[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE TEMP TABLE given(i int, en text, ar text); CREATE TEMP TABLE family(i int, en text, ar text);`);
    await client.query(`INSERT INTO given SELECT ord - 1, x->>0, x->>1 FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(x, ord)`, [
      JSON.stringify(GIVEN),
    ]);
    await client.query(`INSERT INTO family SELECT ord - 1, x->>0, x->>1 FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(x, ord)`, [
      JSON.stringify(FAMILY),
    ]);
    const tag = await client.query<{ id: string }>(
      `INSERT INTO "Tag" (id, "tenantId", "nameEn", "nameAr", scope, "updatedAt") VALUES (gen_random_uuid(), $1, 'PEP', 'شخص معرض سياسياً', 'Entity', now()) RETURNING id`,
      [tenantId],
    );
    const tagId = tag.rows[0]!.id;
    for (let from = 0; from < N; from += BATCH) {
      const to = Math.min(N, from + BATCH) - 1;
      await client.query('BEGIN');
      // Entities: spread over two years, 60% clients / 30% prospects / 10% screening, 10% organizations.
      await client.query(
        `INSERT INTO "Entity" (id, "tenantId", "crmId", role, type, status, "nameEn", "nameAr", email, "countryCode", "phoneNumber", dob, "dobHijri",
                               "nationalityCode", "netIncome", "searchText", "createdAt", "updatedAt")
         SELECT e.id, $1::uuid, e.crm, e.role::"EntityRole", e.type::"EntityType", e.status::"EntityStatus", e.name_en, e.name_ar, e.email, '966',
                lpad((500000000 + n)::text, 9, '0'), e.dob, NULL, 'SA', ((n % 50000)::text || '.50')::numeric,
                lower(concat_ws(' ', e.name_en, e.name_ar, e.email, e.crm, e.idnum)), e.created, e.created
         FROM generate_series($2::int, $3::int) AS n
         CROSS JOIN LATERAL (
           SELECT gen_random_uuid() AS id, gen_random_uuid()::text AS crm,
                  (ARRAY['Client','Client','Client','Client','Client','Client','Prospect','Prospect','Prospect','Screening'])[n % 10 + 1] AS role,
                  CASE WHEN n % 10 = 3 THEN 'Organization' ELSE 'Individual' END AS type,
                  (ARRAY['Active','Active','Active','Active','Active','Active','Active','Blocked','Deactivated','Deceased'])[(n / 10) % 10 + 1] AS status,
                  g.en || ' ' || f.en || ' ' || n AS name_en, g.ar || ' ' || f.ar AS name_ar,
                  lower(g.en) || '.' || n || '@example.sa' AS email,
                  (CASE WHEN n % 3 = 0 THEN '2' ELSE '1' END) || lpad(n::text, 9, '0') AS idnum,
                  date '1960-01-01' + (n * 7919 % 15000) AS dob,
                  now() - make_interval(secs => (n * 631) % 63072000) AS created
           FROM given g, family f WHERE g.i = n % ${GIVEN.length} AND f.i = (n / ${GIVEN.length}) % ${FAMILY.length}
         ) e`,
        [tenantId, from, to],
      );
      await client.query(
        `INSERT INTO "Identity" (id, "tenantId", "entityId", type, subtype, number, "issuingCountryCode", "updatedAt")
         SELECT gen_random_uuid(), e."tenantId", e.id, CASE WHEN substr(num, 1, 1) = '2' THEN 'ResidencyPermit' ELSE 'NationalIdentity' END::"IdentityType",
                CASE WHEN substr(num, 1, 1) = '2' THEN 'Iqama' END, num, 'SA', now()
         FROM (SELECT e.*, split_part(e."searchText", ' ', array_length(string_to_array(e."searchText", ' '), 1)) AS num
               FROM "Entity" e WHERE e."tenantId" = $1 AND NOT EXISTS (SELECT 1 FROM "Identity" i WHERE i."entityId" = e.id)) e`,
        [tenantId],
      );
      await client.query(
        `INSERT INTO "IdentityVerification" (id, "tenantId", "identityId", status, source, "updatedAt")
         SELECT gen_random_uuid(), i."tenantId", i.id, 'Pending', 'Manual', now() FROM "Identity" i
         WHERE i."tenantId" = $1 AND NOT EXISTS (SELECT 1 FROM "IdentityVerification" v WHERE v."identityId" = i.id)`,
        [tenantId],
      );
      await client.query('COMMIT');
      log(`seeded ${to + 1} entities`);
    }
    // 5% of entities carry the PEP tag.
    await client.query(
      `INSERT INTO "EntityTag" ("tenantId", "entityId", "tagId") SELECT "tenantId", id, $2 FROM "Entity" WHERE "tenantId" = $1 AND abs(hashtext(id::text)) % 20 = 0`,
      [tenantId, tagId],
    );
    await client.query('VACUUM ANALYZE');
    const sample = await client.query<{ id: string; crmId: string; number: string }>(
      `SELECT e.id, e."crmId", i.number FROM "Entity" e JOIN "Identity" i ON i."entityId" = e.id WHERE e."tenantId" = $1 ORDER BY random() LIMIT 1000`,
      [tenantId],
    );
    return { tagId, sampleIds: sample.rows.map((r) => r.id), sampleNumbers: sample.rows.map((r) => r.number), sampleCrmIds: sample.rows.map((r) => r.crmId) };
  } finally {
    await client.end();
  }
}
