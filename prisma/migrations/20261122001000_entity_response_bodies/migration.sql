-- Whole response bodies built by PostgreSQL for the hot entity reads, each in one statement and one
-- round trip: GET /entities (crm_entity_list_body) and GET /entities/{id} (crm_entity_profile_body).
-- The service sends the text as it comes: no per-entity work in Node.js. For that the stored
-- document becomes the complete list-shape entity: `nationality`, which the API used to add from
-- its reference package, is now part of it (joined from NationalityReference).

-- Nationality reference data (ISO 3166-1 alpha-2 code → the API's `nationality` object as JSON
-- text), generated from i18n-iso-countries by scripts/nationality-reference-sql.ts; a test checks
-- that every row still equals what lib/reference/nationalities.ts gives. Platform data: not tenant-owned, read-only to the
-- application role. Entity documents embed these objects: a migration that changes a row must
-- refresh the documents of the entities with that code (crm_refresh_entity_documents).
CREATE TABLE "NationalityReference" (
  "code" TEXT NOT NULL,
  "json" TEXT NOT NULL,
  CONSTRAINT "NationalityReference_pkey" PRIMARY KEY ("code")
);
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "NationalityReference" FROM crm_app;

INSERT INTO "NationalityReference" ("code", "json") VALUES
  ('AD', '{"id":"856a5e2d-2543-5744-aff4-78e24f204cd1","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Andorra","nameAr":"أندورا","nationalityEn":"Andorra","nationalityAr":"أندورا","twoCode":"AD","threeCode":"AND"}'),
  ('AE', '{"id":"b2475bce-10b5-5856-84d0-5191afaa4964","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"United Arab Emirates","nameAr":"الإمارات العربية المتحدة","nationalityEn":"United Arab Emirates","nationalityAr":"الإمارات العربية المتحدة","twoCode":"AE","threeCode":"ARE"}'),
  ('AF', '{"id":"c5aa212a-84f1-5727-97d8-72a7450ff074","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Afghanistan","nameAr":"أفغانستان","nationalityEn":"Afghanistan","nationalityAr":"أفغانستان","twoCode":"AF","threeCode":"AFG"}'),
  ('AG', '{"id":"459e8b88-5300-5cd5-9950-fe6ab98ae73c","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Antigua and Barbuda","nameAr":"أنتيغوا وباربودا","nationalityEn":"Antigua and Barbuda","nationalityAr":"أنتيغوا وباربودا","twoCode":"AG","threeCode":"ATG"}'),
  ('AI', '{"id":"04abaa02-b1d3-5a02-94b5-65db37371af5","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Anguilla","nameAr":"أنغويلا","nationalityEn":"Anguilla","nationalityAr":"أنغويلا","twoCode":"AI","threeCode":"AIA"}'),
  ('AL', '{"id":"d4d11862-c532-5ed1-acc9-3cacd3ad3cc8","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Albania","nameAr":"ألبانيا","nationalityEn":"Albania","nationalityAr":"ألبانيا","twoCode":"AL","threeCode":"ALB"}'),
  ('AM', '{"id":"c7178e80-d826-5c99-8e43-af710cc47b9b","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Armenia","nameAr":"أرمينيا","nationalityEn":"Armenia","nationalityAr":"أرمينيا","twoCode":"AM","threeCode":"ARM"}'),
  ('AO', '{"id":"b1480bd0-bfa2-542a-afc5-8e9f5df959ec","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Angola","nameAr":"أنغولا","nationalityEn":"Angola","nationalityAr":"أنغولا","twoCode":"AO","threeCode":"AGO"}'),
  ('AQ', '{"id":"3fac5dd8-75dc-5e10-818e-699d93222b68","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Antarctica","nameAr":"القارة القطبية الجنوبية","nationalityEn":"Antarctica","nationalityAr":"القارة القطبية الجنوبية","twoCode":"AQ","threeCode":"ATA"}'),
  ('AR', '{"id":"96c16169-3115-5021-9e9d-d00526d8a96a","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Argentina","nameAr":"الأرجنتين","nationalityEn":"Argentina","nationalityAr":"الأرجنتين","twoCode":"AR","threeCode":"ARG"}'),
  ('AS', '{"id":"ce2156b2-608b-5c40-8865-a00877b18d22","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"American Samoa","nameAr":"ساموا الأمريكية","nationalityEn":"American Samoa","nationalityAr":"ساموا الأمريكية","twoCode":"AS","threeCode":"ASM"}'),
  ('AT', '{"id":"a162cfb6-bf31-5ccc-9c22-2b4dd1c3e215","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Austria","nameAr":"النمسا","nationalityEn":"Austria","nationalityAr":"النمسا","twoCode":"AT","threeCode":"AUT"}'),
  ('AU', '{"id":"34ee900c-03d1-5430-9af4-7cdd23a57436","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Australia","nameAr":"أستراليا","nationalityEn":"Australia","nationalityAr":"أستراليا","twoCode":"AU","threeCode":"AUS"}'),
  ('AW', '{"id":"77a908de-ac05-5dd8-8fb2-8cc88bad62c7","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Aruba","nameAr":"أروبا","nationalityEn":"Aruba","nationalityAr":"أروبا","twoCode":"AW","threeCode":"ABW"}'),
  ('AX', '{"id":"406901b0-0425-5744-a39f-7019a298f58a","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Åland Islands","nameAr":"جزر أولاند","nationalityEn":"Åland Islands","nationalityAr":"جزر أولاند","twoCode":"AX","threeCode":"ALA"}'),
  ('AZ', '{"id":"3e48c181-ad66-5baa-9d61-5eccff9a3b3e","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Azerbaijan","nameAr":"أذربيجان","nationalityEn":"Azerbaijan","nationalityAr":"أذربيجان","twoCode":"AZ","threeCode":"AZE"}'),
  ('BA', '{"id":"3ec47b91-6b96-516c-b598-88955b52ea09","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Bosnia and Herzegovina","nameAr":"البوسنة والهرسك","nationalityEn":"Bosnia and Herzegovina","nationalityAr":"البوسنة والهرسك","twoCode":"BA","threeCode":"BIH"}'),
  ('BB', '{"id":"831619be-4d72-5fa6-965c-522c46778e07","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Barbados","nameAr":"باربادوس","nationalityEn":"Barbados","nationalityAr":"باربادوس","twoCode":"BB","threeCode":"BRB"}'),
  ('BD', '{"id":"eb4760cc-bf7a-5dc0-806b-4d75a0777e6e","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Bangladesh","nameAr":"بنغلاديش","nationalityEn":"Bangladesh","nationalityAr":"بنغلاديش","twoCode":"BD","threeCode":"BGD"}'),
  ('BE', '{"id":"e2a23dae-6cee-5020-b58f-947fdfabf794","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Belgium","nameAr":"بلجيكا","nationalityEn":"Belgium","nationalityAr":"بلجيكا","twoCode":"BE","threeCode":"BEL"}'),
  ('BF', '{"id":"1eff2647-4b28-5bd2-9d3b-e84ad3882dcf","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Burkina Faso","nameAr":"بوركينا فاسو","nationalityEn":"Burkina Faso","nationalityAr":"بوركينا فاسو","twoCode":"BF","threeCode":"BFA"}'),
  ('BG', '{"id":"b5739879-c1e2-51bf-bae5-8256ccb5c16c","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Bulgaria","nameAr":"بلغاريا","nationalityEn":"Bulgaria","nationalityAr":"بلغاريا","twoCode":"BG","threeCode":"BGR"}'),
  ('BH', '{"id":"2ce89c7e-c9dc-52b1-8288-a4b2fc14e0bc","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Bahrain","nameAr":"البحرين","nationalityEn":"Bahrain","nationalityAr":"البحرين","twoCode":"BH","threeCode":"BHR"}'),
  ('BI', '{"id":"dcc566db-5347-590a-a3a4-110237336f00","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Burundi","nameAr":"بوروندي","nationalityEn":"Burundi","nationalityAr":"بوروندي","twoCode":"BI","threeCode":"BDI"}'),
  ('BJ', '{"id":"661624cd-4b57-52b9-81e1-5accbe9dc69c","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Benin","nameAr":"بنين","nationalityEn":"Benin","nationalityAr":"بنين","twoCode":"BJ","threeCode":"BEN"}'),
  ('BL', '{"id":"9d572d4e-8abd-584f-b28e-2381686f2393","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Saint Barthélemy","nameAr":"سان بارتيلمي","nationalityEn":"Saint Barthélemy","nationalityAr":"سان بارتيلمي","twoCode":"BL","threeCode":"BLM"}'),
  ('BM', '{"id":"78edabd5-7531-597e-a8df-4a159c0b34e1","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Bermuda","nameAr":"برمودا","nationalityEn":"Bermuda","nationalityAr":"برمودا","twoCode":"BM","threeCode":"BMU"}'),
  ('BN', '{"id":"6a164ece-7ecb-5f55-b09d-c39f94e734cc","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Brunei Darussalam","nameAr":"بروناي","nationalityEn":"Brunei Darussalam","nationalityAr":"بروناي","twoCode":"BN","threeCode":"BRN"}'),
  ('BO', '{"id":"887778e2-11c7-5f06-98db-f6931346ae92","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Bolivia","nameAr":"بوليفيا","nationalityEn":"Bolivia","nationalityAr":"بوليفيا","twoCode":"BO","threeCode":"BOL"}'),
  ('BQ', '{"id":"cbe19f23-06d9-5f72-97e5-82c46ea5f0d9","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Bonaire, Sint Eustatius and Saba","nameAr":"الجزر الكاريبية الهولندية","nationalityEn":"Bonaire, Sint Eustatius and Saba","nationalityAr":"الجزر الكاريبية الهولندية","twoCode":"BQ","threeCode":"BES"}'),
  ('BR', '{"id":"a186c29b-f741-548b-990c-d17bcc09f928","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Brazil","nameAr":"البرازيل","nationalityEn":"Brazil","nationalityAr":"البرازيل","twoCode":"BR","threeCode":"BRA"}'),
  ('BS', '{"id":"39f31568-0303-5f6d-88ee-0c4884f269d3","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Bahamas","nameAr":"باهاماس","nationalityEn":"Bahamas","nationalityAr":"باهاماس","twoCode":"BS","threeCode":"BHS"}'),
  ('BT', '{"id":"f209a43d-a764-5065-9a1d-6847bf5abe18","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Bhutan","nameAr":"بوتان","nationalityEn":"Bhutan","nationalityAr":"بوتان","twoCode":"BT","threeCode":"BTN"}'),
  ('BV', '{"id":"c35aa824-f271-56d8-bb00-ce9ad5f8ad01","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Bouvet Island","nameAr":"جزيرة بوفيه","nationalityEn":"Bouvet Island","nationalityAr":"جزيرة بوفيه","twoCode":"BV","threeCode":"BVT"}'),
  ('BW', '{"id":"68857b27-ce15-5194-8de1-13f007ad8aad","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Botswana","nameAr":"بوتسوانا","nationalityEn":"Botswana","nationalityAr":"بوتسوانا","twoCode":"BW","threeCode":"BWA"}'),
  ('BY', '{"id":"1c5c5cf4-2e96-5dd6-b6b4-f5dcfbf669f7","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Belarus","nameAr":"روسيا البيضاء","nationalityEn":"Belarus","nationalityAr":"روسيا البيضاء","twoCode":"BY","threeCode":"BLR"}'),
  ('BZ', '{"id":"7889cc43-ac87-5b14-8961-77525eb7fac5","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Belize","nameAr":"بليز","nationalityEn":"Belize","nationalityAr":"بليز","twoCode":"BZ","threeCode":"BLZ"}'),
  ('CA', '{"id":"86950ed2-71e4-5557-affb-b94c773804f0","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Canada","nameAr":"كندا","nationalityEn":"Canada","nationalityAr":"كندا","twoCode":"CA","threeCode":"CAN"}'),
  ('CC', '{"id":"5d5c0c07-a43e-5a55-b2b4-6418c522feb7","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Cocos (Keeling) Islands","nameAr":"جزر كوكوس","nationalityEn":"Cocos (Keeling) Islands","nationalityAr":"جزر كوكوس","twoCode":"CC","threeCode":"CCK"}'),
  ('CD', '{"id":"bc9cee97-87d8-526e-8a91-5e76d083ddc3","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Democratic Republic of the Congo","nameAr":"جمهورية الكونغو الديمقراطية","nationalityEn":"Democratic Republic of the Congo","nationalityAr":"جمهورية الكونغو الديمقراطية","twoCode":"CD","threeCode":"COD"}'),
  ('CF', '{"id":"2c86d8b5-ca9f-59fa-8bb6-b9bca45660ca","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Central African Republic","nameAr":"جمهورية أفريقيا الوسطى","nationalityEn":"Central African Republic","nationalityAr":"جمهورية أفريقيا الوسطى","twoCode":"CF","threeCode":"CAF"}'),
  ('CG', '{"id":"c119fb5b-5354-5578-8e70-7ef2454ea80a","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Republic of the Congo","nameAr":"جمهورية الكونغو","nationalityEn":"Republic of the Congo","nationalityAr":"جمهورية الكونغو","twoCode":"CG","threeCode":"COG"}'),
  ('CH', '{"id":"6abc8912-cd95-5972-95ff-5466271608d5","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Switzerland","nameAr":"سويسرا","nationalityEn":"Switzerland","nationalityAr":"سويسرا","twoCode":"CH","threeCode":"CHE"}'),
  ('CI', '{"id":"72391ed6-272a-5b70-a76d-41db72fc9255","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Cote d''Ivoire","nameAr":"ساحل العاج","nationalityEn":"Cote d''Ivoire","nationalityAr":"ساحل العاج","twoCode":"CI","threeCode":"CIV"}'),
  ('CK', '{"id":"d715f289-5014-5c00-92a3-14afea311503","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Cook Islands","nameAr":"جزر كوك","nationalityEn":"Cook Islands","nationalityAr":"جزر كوك","twoCode":"CK","threeCode":"COK"}'),
  ('CL', '{"id":"c76129e1-208f-5f83-b7be-2f5dd5351984","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Chile","nameAr":"تشيلي","nationalityEn":"Chile","nationalityAr":"تشيلي","twoCode":"CL","threeCode":"CHL"}'),
  ('CM', '{"id":"45f0ae33-bc91-54b0-8e82-522e87492f64","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Cameroon","nameAr":"الكاميرون","nationalityEn":"Cameroon","nationalityAr":"الكاميرون","twoCode":"CM","threeCode":"CMR"}'),
  ('CN', '{"id":"0f744153-7472-509a-88b9-8574cde543d0","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"People''s Republic of China","nameAr":"الصين","nationalityEn":"People''s Republic of China","nationalityAr":"الصين","twoCode":"CN","threeCode":"CHN"}'),
  ('CO', '{"id":"ed039b7e-61f6-5949-8631-8109c2edfd05","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Colombia","nameAr":"كولومبيا","nationalityEn":"Colombia","nationalityAr":"كولومبيا","twoCode":"CO","threeCode":"COL"}'),
  ('CR', '{"id":"d0517121-4499-5614-9e83-5bd45b83616d","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Costa Rica","nameAr":"كوستاريكا","nationalityEn":"Costa Rica","nationalityAr":"كوستاريكا","twoCode":"CR","threeCode":"CRI"}'),
  ('CU', '{"id":"6b39cc55-4435-515c-aee9-671af96da28d","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Cuba","nameAr":"كوبا","nationalityEn":"Cuba","nationalityAr":"كوبا","twoCode":"CU","threeCode":"CUB"}'),
  ('CV', '{"id":"ed53eed1-5dc5-5c2c-962a-dc5458b91ef4","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Cape Verde","nameAr":"الرأس الأخضر","nationalityEn":"Cape Verde","nationalityAr":"الرأس الأخضر","twoCode":"CV","threeCode":"CPV"}'),
  ('CW', '{"id":"82fce529-3734-52d0-a5c8-36e3e5d2e92c","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Curaçao","nameAr":"كوراساو","nationalityEn":"Curaçao","nationalityAr":"كوراساو","twoCode":"CW","threeCode":"CUW"}'),
  ('CX', '{"id":"32c7b4ae-9627-5b7a-9239-1531fe23553c","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Christmas Island","nameAr":"جزيرة عيد الميلاد","nationalityEn":"Christmas Island","nationalityAr":"جزيرة عيد الميلاد","twoCode":"CX","threeCode":"CXR"}'),
  ('CY', '{"id":"6fa69d43-b9e7-5877-bbec-e5d674ea4d39","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Cyprus","nameAr":"قبرص","nationalityEn":"Cyprus","nationalityAr":"قبرص","twoCode":"CY","threeCode":"CYP"}'),
  ('CZ', '{"id":"18461a3c-1bf9-5002-8425-e2098d59861c","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Czech Republic","nameAr":"جمهورية التشيك","nationalityEn":"Czech Republic","nationalityAr":"جمهورية التشيك","twoCode":"CZ","threeCode":"CZE"}'),
  ('DE', '{"id":"f50651b2-ac1f-5411-9a59-37e2f9cc3fb4","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Germany","nameAr":"ألمانيا","nationalityEn":"Germany","nationalityAr":"ألمانيا","twoCode":"DE","threeCode":"DEU"}'),
  ('DJ', '{"id":"8153d75f-dc34-5d4e-95d1-eddaaa6c1248","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Djibouti","nameAr":"جيبوتي","nationalityEn":"Djibouti","nationalityAr":"جيبوتي","twoCode":"DJ","threeCode":"DJI"}'),
  ('DK', '{"id":"b20b8878-d8a9-5623-bb59-2ee99be03c71","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Denmark","nameAr":"الدنمارك","nationalityEn":"Denmark","nationalityAr":"الدنمارك","twoCode":"DK","threeCode":"DNK"}'),
  ('DM', '{"id":"11bbe161-c3c4-5cb0-9500-fb70c16f0edb","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Dominica","nameAr":"دومينيكا","nationalityEn":"Dominica","nationalityAr":"دومينيكا","twoCode":"DM","threeCode":"DMA"}'),
  ('DO', '{"id":"303bdb7c-fe19-5edf-8376-149519ca9391","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Dominican Republic","nameAr":"جمهورية الدومينيكان","nationalityEn":"Dominican Republic","nationalityAr":"جمهورية الدومينيكان","twoCode":"DO","threeCode":"DOM"}'),
  ('DZ', '{"id":"e6049005-a6c2-5f75-a3bd-9f81052824a4","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Algeria","nameAr":"الجزائر","nationalityEn":"Algeria","nationalityAr":"الجزائر","twoCode":"DZ","threeCode":"DZA"}'),
  ('EC', '{"id":"de0fe58e-0f18-51d5-abd5-5810be1c6635","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Ecuador","nameAr":"الإكوادور","nationalityEn":"Ecuador","nationalityAr":"الإكوادور","twoCode":"EC","threeCode":"ECU"}'),
  ('EE', '{"id":"66f19440-40ea-5390-9cd5-45ab5bcfd55b","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Estonia","nameAr":"إستونيا","nationalityEn":"Estonia","nationalityAr":"إستونيا","twoCode":"EE","threeCode":"EST"}'),
  ('EG', '{"id":"de2d520d-01ca-50ea-87f6-aa6ec330149d","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Egypt","nameAr":"مصر","nationalityEn":"Egypt","nationalityAr":"مصر","twoCode":"EG","threeCode":"EGY"}'),
  ('EH', '{"id":"8e122a2d-ee27-50a2-ae04-29b3a02d59da","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Western Sahara","nameAr":"الصحراء الغربية","nationalityEn":"Western Sahara","nationalityAr":"الصحراء الغربية","twoCode":"EH","threeCode":"ESH"}'),
  ('ER', '{"id":"58df2a86-6564-5e89-8fa2-4f1f8253e390","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Eritrea","nameAr":"إريتريا","nationalityEn":"Eritrea","nationalityAr":"إريتريا","twoCode":"ER","threeCode":"ERI"}'),
  ('ES', '{"id":"416f9ca1-e12e-5940-8509-5af7a6e37745","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Spain","nameAr":"إسبانيا","nationalityEn":"Spain","nationalityAr":"إسبانيا","twoCode":"ES","threeCode":"ESP"}'),
  ('ET', '{"id":"187e51ac-df5c-5d04-a286-16013a4a6fdb","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Ethiopia","nameAr":"إثيوبيا","nationalityEn":"Ethiopia","nationalityAr":"إثيوبيا","twoCode":"ET","threeCode":"ETH"}'),
  ('FI', '{"id":"2c2a0f6d-ca30-5abe-ac28-5e36a7319fa9","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Finland","nameAr":"فنلندا","nationalityEn":"Finland","nationalityAr":"فنلندا","twoCode":"FI","threeCode":"FIN"}'),
  ('FJ', '{"id":"91edcfb5-f12c-508b-a2e9-09694da6b482","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Fiji","nameAr":"فيجي","nationalityEn":"Fiji","nationalityAr":"فيجي","twoCode":"FJ","threeCode":"FJI"}'),
  ('FK', '{"id":"4eb0effd-2708-5541-bfb5-9cec96c9257d","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Falkland Islands (Malvinas)","nameAr":"جزر فوكلاند","nationalityEn":"Falkland Islands (Malvinas)","nationalityAr":"جزر فوكلاند","twoCode":"FK","threeCode":"FLK"}'),
  ('FM', '{"id":"95c57098-3fcb-5488-a8c0-cbea6907274c","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Micronesia, Federated States of","nameAr":"ولايات ميكرونيسيا المتحدة","nationalityEn":"Micronesia, Federated States of","nationalityAr":"ولايات ميكرونيسيا المتحدة","twoCode":"FM","threeCode":"FSM"}'),
  ('FO', '{"id":"c49d3124-53cc-5eab-8eb6-7be960ee3833","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Faroe Islands","nameAr":"جزر فارو","nationalityEn":"Faroe Islands","nationalityAr":"جزر فارو","twoCode":"FO","threeCode":"FRO"}'),
  ('FR', '{"id":"31aeb7b8-cf65-51e0-af79-fa98ebba2d13","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"France","nameAr":"فرنسا","nationalityEn":"France","nationalityAr":"فرنسا","twoCode":"FR","threeCode":"FRA"}'),
  ('GA', '{"id":"c440db91-8dea-5bf0-ba3e-787313006bbd","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Gabon","nameAr":"الغابون","nationalityEn":"Gabon","nationalityAr":"الغابون","twoCode":"GA","threeCode":"GAB"}'),
  ('GB', '{"id":"2488f72b-9676-5810-8cd5-ab712b657459","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"United Kingdom","nameAr":"المملكة المتحدة","nationalityEn":"United Kingdom","nationalityAr":"المملكة المتحدة","twoCode":"GB","threeCode":"GBR"}'),
  ('GD', '{"id":"40663427-d5a3-57d8-bc93-4736659ceee9","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Grenada","nameAr":"غرينادا","nationalityEn":"Grenada","nationalityAr":"غرينادا","twoCode":"GD","threeCode":"GRD"}'),
  ('GE', '{"id":"e7437c24-ef0d-5b63-a56a-bfee2b0ee7bc","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Georgia","nameAr":"جورجيا","nationalityEn":"Georgia","nationalityAr":"جورجيا","twoCode":"GE","threeCode":"GEO"}'),
  ('GF', '{"id":"9b35f4bb-6fc7-579a-80f1-8ef7bcf5f083","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"French Guiana","nameAr":"غويانا الفرنسية","nationalityEn":"French Guiana","nationalityAr":"غويانا الفرنسية","twoCode":"GF","threeCode":"GUF"}'),
  ('GG', '{"id":"3393f2e6-a385-5d79-bd5a-4eed32d1569c","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Guernsey","nameAr":"غيرنزي","nationalityEn":"Guernsey","nationalityAr":"غيرنزي","twoCode":"GG","threeCode":"GGY"}'),
  ('GH', '{"id":"82a99193-fa3b-5549-a4c7-a41da0e04b6d","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Ghana","nameAr":"غانا","nationalityEn":"Ghana","nationalityAr":"غانا","twoCode":"GH","threeCode":"GHA"}'),
  ('GI', '{"id":"2681c489-9716-5dba-ba0b-6184cead2f27","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Gibraltar","nameAr":"جبل طارق","nationalityEn":"Gibraltar","nationalityAr":"جبل طارق","twoCode":"GI","threeCode":"GIB"}'),
  ('GL', '{"id":"6d3605f8-da5b-517c-836d-fec274b3c16b","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Greenland","nameAr":"جرينلاند","nationalityEn":"Greenland","nationalityAr":"جرينلاند","twoCode":"GL","threeCode":"GRL"}'),
  ('GM', '{"id":"4211ed33-23b8-51ca-ae7d-97239a4588e2","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Republic of The Gambia","nameAr":"غامبيا","nationalityEn":"Republic of The Gambia","nationalityAr":"غامبيا","twoCode":"GM","threeCode":"GMB"}'),
  ('GN', '{"id":"8b4d37f7-bb8c-5d39-876a-cd99f0c6cab7","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Guinea","nameAr":"غينيا","nationalityEn":"Guinea","nationalityAr":"غينيا","twoCode":"GN","threeCode":"GIN"}'),
  ('GP', '{"id":"40a5522c-90b3-5bfb-9f21-54c739f25916","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Guadeloupe","nameAr":"غوادلوب","nationalityEn":"Guadeloupe","nationalityAr":"غوادلوب","twoCode":"GP","threeCode":"GLP"}'),
  ('GQ', '{"id":"298e4575-2b9a-5ec4-90e0-a7011a9531d1","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Equatorial Guinea","nameAr":"غينيا الاستوائية","nationalityEn":"Equatorial Guinea","nationalityAr":"غينيا الاستوائية","twoCode":"GQ","threeCode":"GNQ"}'),
  ('GR', '{"id":"3e2e3875-79c8-5b55-9092-54027804f064","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Greece","nameAr":"اليونان","nationalityEn":"Greece","nationalityAr":"اليونان","twoCode":"GR","threeCode":"GRC"}'),
  ('GS', '{"id":"e6ca5212-f828-5a57-9e4d-a19fae3430ea","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"South Georgia and the South Sandwich Islands","nameAr":"جورجيا الجنوبية وجزر ساندويتش الجنوبية","nationalityEn":"South Georgia and the South Sandwich Islands","nationalityAr":"جورجيا الجنوبية وجزر ساندويتش الجنوبية","twoCode":"GS","threeCode":"SGS"}'),
  ('GT', '{"id":"a538f76d-1a2b-5875-a44a-301efe59cb01","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Guatemala","nameAr":"غواتيمالا","nationalityEn":"Guatemala","nationalityAr":"غواتيمالا","twoCode":"GT","threeCode":"GTM"}'),
  ('GU', '{"id":"0d8a19dc-edf6-5a77-9128-113985929990","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Guam","nameAr":"غوام","nationalityEn":"Guam","nationalityAr":"غوام","twoCode":"GU","threeCode":"GUM"}'),
  ('GW', '{"id":"7efd8aad-baa6-5c7e-ba3e-a3f0da647269","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Guinea-Bissau","nameAr":"غينيا بيساو","nationalityEn":"Guinea-Bissau","nationalityAr":"غينيا بيساو","twoCode":"GW","threeCode":"GNB"}'),
  ('GY', '{"id":"292ec2c7-0ede-5db4-b67b-f955335ed941","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Guyana","nameAr":"غيانا","nationalityEn":"Guyana","nationalityAr":"غيانا","twoCode":"GY","threeCode":"GUY"}'),
  ('HK', '{"id":"ddbf2e2c-e476-55b9-874a-485b49e12943","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Hong Kong","nameAr":"هونغ كونغ","nationalityEn":"Hong Kong","nationalityAr":"هونغ كونغ","twoCode":"HK","threeCode":"HKG"}'),
  ('HM', '{"id":"3933fc3e-7601-538f-b327-14921a57d9b3","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Heard Island and McDonald Islands","nameAr":"جزيرة هيرد وجزر ماكدونالد","nationalityEn":"Heard Island and McDonald Islands","nationalityAr":"جزيرة هيرد وجزر ماكدونالد","twoCode":"HM","threeCode":"HMD"}'),
  ('HN', '{"id":"5bfd0c87-1534-5a17-8f03-c077077f553d","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Honduras","nameAr":"هندوراس","nationalityEn":"Honduras","nationalityAr":"هندوراس","twoCode":"HN","threeCode":"HND"}'),
  ('HR', '{"id":"c6182ccf-6117-5136-b2cb-6fc22c124e25","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Croatia","nameAr":"كرواتيا","nationalityEn":"Croatia","nationalityAr":"كرواتيا","twoCode":"HR","threeCode":"HRV"}'),
  ('HT', '{"id":"30ebab64-acc7-554e-860b-6e729904dca8","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Haiti","nameAr":"هايتي","nationalityEn":"Haiti","nationalityAr":"هايتي","twoCode":"HT","threeCode":"HTI"}'),
  ('HU', '{"id":"90c0f9b2-fd44-5654-b3c8-a0164d14f36b","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Hungary","nameAr":"المجر","nationalityEn":"Hungary","nationalityAr":"المجر","twoCode":"HU","threeCode":"HUN"}'),
  ('ID', '{"id":"e4ec436b-a914-5db6-824d-77d8198f9684","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Indonesia","nameAr":"إندونيسيا","nationalityEn":"Indonesia","nationalityAr":"إندونيسيا","twoCode":"ID","threeCode":"IDN"}'),
  ('IE', '{"id":"d55e6d61-1ec4-5ca2-a695-700997b8e988","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Ireland","nameAr":"أيرلندا","nationalityEn":"Ireland","nationalityAr":"أيرلندا","twoCode":"IE","threeCode":"IRL"}'),
  ('IL', '{"id":"0c525005-d5ca-547e-a5aa-7f178c542a87","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Israel","nameAr":"إسرائيل","nationalityEn":"Israel","nationalityAr":"إسرائيل","twoCode":"IL","threeCode":"ISR"}'),
  ('IM', '{"id":"cdfc91e8-05fc-572f-bee2-0ed995dedc5b","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Isle of Man","nameAr":"جزيرة مان","nationalityEn":"Isle of Man","nationalityAr":"جزيرة مان","twoCode":"IM","threeCode":"IMN"}'),
  ('IN', '{"id":"3d0a42c7-cd8c-5941-979e-1157a30741f0","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"India","nameAr":"الهند","nationalityEn":"India","nationalityAr":"الهند","twoCode":"IN","threeCode":"IND"}'),
  ('IO', '{"id":"394affa2-7be2-5ee8-af57-86094d71216d","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"British Indian Ocean Territory","nameAr":"إقليم المحيط الهندي البريطاني","nationalityEn":"British Indian Ocean Territory","nationalityAr":"إقليم المحيط الهندي البريطاني","twoCode":"IO","threeCode":"IOT"}'),
  ('IQ', '{"id":"6417f2e9-c692-5b5d-9f66-e16b30242525","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Iraq","nameAr":"العراق","nationalityEn":"Iraq","nationalityAr":"العراق","twoCode":"IQ","threeCode":"IRQ"}'),
  ('IR', '{"id":"ed9f69ef-5e82-5110-b27c-7100668c8788","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Islamic Republic of Iran","nameAr":"إيران","nationalityEn":"Islamic Republic of Iran","nationalityAr":"إيران","twoCode":"IR","threeCode":"IRN"}'),
  ('IS', '{"id":"1bab166a-93d1-5bd7-8ef1-5147e41fcca0","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Iceland","nameAr":"آيسلندا","nationalityEn":"Iceland","nationalityAr":"آيسلندا","twoCode":"IS","threeCode":"ISL"}'),
  ('IT', '{"id":"b0aed6b4-debe-5a9e-9b33-c07b520caf85","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Italy","nameAr":"إيطاليا","nationalityEn":"Italy","nationalityAr":"إيطاليا","twoCode":"IT","threeCode":"ITA"}'),
  ('JE', '{"id":"764a3245-7b1b-5a54-8a21-a5b38fbf32d5","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Jersey","nameAr":"جيرزي","nationalityEn":"Jersey","nationalityAr":"جيرزي","twoCode":"JE","threeCode":"JEY"}'),
  ('JM', '{"id":"47a395c8-b185-5342-95af-60307f440c56","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Jamaica","nameAr":"جامايكا","nationalityEn":"Jamaica","nationalityAr":"جامايكا","twoCode":"JM","threeCode":"JAM"}'),
  ('JO', '{"id":"1fbefa27-134b-5f6d-ae33-a8627634caf6","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Jordan","nameAr":"الأردن","nationalityEn":"Jordan","nationalityAr":"الأردن","twoCode":"JO","threeCode":"JOR"}'),
  ('JP', '{"id":"aae304e0-fb7b-5ee8-8bdd-e47c6ac07eb6","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Japan","nameAr":"اليابان","nationalityEn":"Japan","nationalityAr":"اليابان","twoCode":"JP","threeCode":"JPN"}'),
  ('KE', '{"id":"e62ebda1-3a20-5cb7-8479-77b6785b362a","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Kenya","nameAr":"كينيا","nationalityEn":"Kenya","nationalityAr":"كينيا","twoCode":"KE","threeCode":"KEN"}'),
  ('KG', '{"id":"8122204e-2059-5d0f-a699-9024c6b5e38d","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Kyrgyzstan","nameAr":"قيرغيزستان","nationalityEn":"Kyrgyzstan","nationalityAr":"قيرغيزستان","twoCode":"KG","threeCode":"KGZ"}'),
  ('KH', '{"id":"a677fefb-1790-5531-ab5f-0ab59c73fece","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Cambodia","nameAr":"كمبوديا","nationalityEn":"Cambodia","nationalityAr":"كمبوديا","twoCode":"KH","threeCode":"KHM"}'),
  ('KI', '{"id":"88a8f5c1-b03e-5dfc-96dd-a69184e965c7","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Kiribati","nameAr":"كيريباتي","nationalityEn":"Kiribati","nationalityAr":"كيريباتي","twoCode":"KI","threeCode":"KIR"}'),
  ('KM', '{"id":"4794b1b1-915a-5a77-b313-8bada8b06373","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Comoros","nameAr":"جزر القمر","nationalityEn":"Comoros","nationalityAr":"جزر القمر","twoCode":"KM","threeCode":"COM"}'),
  ('KN', '{"id":"ef71f133-e387-552f-acc2-9488b99db61a","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Saint Kitts and Nevis","nameAr":"سانت كيتس ونيفيس","nationalityEn":"Saint Kitts and Nevis","nationalityAr":"سانت كيتس ونيفيس","twoCode":"KN","threeCode":"KNA"}'),
  ('KP', '{"id":"db97039b-3678-58f8-b773-f8c3b4f55d05","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"North Korea","nameAr":"كوريا الشمالية","nationalityEn":"North Korea","nationalityAr":"كوريا الشمالية","twoCode":"KP","threeCode":"PRK"}'),
  ('KR', '{"id":"6909a43b-2fb5-5152-bb17-d6b46fb20439","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"South Korea","nameAr":"كوريا الجنوبية","nationalityEn":"South Korea","nationalityAr":"كوريا الجنوبية","twoCode":"KR","threeCode":"KOR"}'),
  ('KW', '{"id":"3f0b2d10-cdae-56e1-991d-642e043f1a0b","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Kuwait","nameAr":"الكويت","nationalityEn":"Kuwait","nationalityAr":"الكويت","twoCode":"KW","threeCode":"KWT"}'),
  ('KY', '{"id":"1fbd29c1-7ad7-5664-8204-1f06403bc78a","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Cayman Islands","nameAr":"جزر كايمان","nationalityEn":"Cayman Islands","nationalityAr":"جزر كايمان","twoCode":"KY","threeCode":"CYM"}'),
  ('KZ', '{"id":"dc90f2b3-3659-59fd-9520-553f86609f86","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Kazakhstan","nameAr":"كازاخستان","nationalityEn":"Kazakhstan","nationalityAr":"كازاخستان","twoCode":"KZ","threeCode":"KAZ"}'),
  ('LA', '{"id":"44c5724f-697a-57b2-826e-0b8b7e17a102","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Lao People''s Democratic Republic","nameAr":"لاوس","nationalityEn":"Lao People''s Democratic Republic","nationalityAr":"لاوس","twoCode":"LA","threeCode":"LAO"}'),
  ('LB', '{"id":"f88196ad-0ceb-5b8d-86db-80060649a6d7","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Lebanon","nameAr":"لبنان","nationalityEn":"Lebanon","nationalityAr":"لبنان","twoCode":"LB","threeCode":"LBN"}'),
  ('LC', '{"id":"426c314b-ff78-53b0-bd36-2b8089f60254","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Saint Lucia","nameAr":"سانت لوسيا","nationalityEn":"Saint Lucia","nationalityAr":"سانت لوسيا","twoCode":"LC","threeCode":"LCA"}'),
  ('LI', '{"id":"efea1063-9bf8-5ae0-8d62-4e91893ca5fa","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Liechtenstein","nameAr":"ليختنشتاين","nationalityEn":"Liechtenstein","nationalityAr":"ليختنشتاين","twoCode":"LI","threeCode":"LIE"}'),
  ('LK', '{"id":"2420c91d-d0d9-54bb-adbd-f3c054ddcb64","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Sri Lanka","nameAr":"سريلانكا","nationalityEn":"Sri Lanka","nationalityAr":"سريلانكا","twoCode":"LK","threeCode":"LKA"}'),
  ('LR', '{"id":"7697320e-62b4-5b7e-aeec-3a3e5a4ed6fa","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Liberia","nameAr":"ليبيريا","nationalityEn":"Liberia","nationalityAr":"ليبيريا","twoCode":"LR","threeCode":"LBR"}'),
  ('LS', '{"id":"9c24e73d-4337-5da2-a37d-a51b15dd4781","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Lesotho","nameAr":"ليسوتو","nationalityEn":"Lesotho","nationalityAr":"ليسوتو","twoCode":"LS","threeCode":"LSO"}'),
  ('LT', '{"id":"dea0f14a-08c8-50e6-aa05-c77b568c5615","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Lithuania","nameAr":"ليتوانيا","nationalityEn":"Lithuania","nationalityAr":"ليتوانيا","twoCode":"LT","threeCode":"LTU"}'),
  ('LU', '{"id":"4b5302d6-e5c6-5f5f-8b95-4f3a593be105","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Luxembourg","nameAr":"لوكسمبورغ","nationalityEn":"Luxembourg","nationalityAr":"لوكسمبورغ","twoCode":"LU","threeCode":"LUX"}'),
  ('LV', '{"id":"2003adf6-ad64-50f7-9cd8-9259e4a5d708","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Latvia","nameAr":"لاتفيا","nationalityEn":"Latvia","nationalityAr":"لاتفيا","twoCode":"LV","threeCode":"LVA"}'),
  ('LY', '{"id":"a944a0e9-f2e7-5211-a200-5e75fa6f5c87","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Libya","nameAr":"ليبيا","nationalityEn":"Libya","nationalityAr":"ليبيا","twoCode":"LY","threeCode":"LBY"}'),
  ('MA', '{"id":"8b9e458c-9460-52a0-9185-e507eabd7664","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Morocco","nameAr":"المغرب","nationalityEn":"Morocco","nationalityAr":"المغرب","twoCode":"MA","threeCode":"MAR"}'),
  ('MC', '{"id":"f2033615-f6f8-570b-bc79-8908828a80f7","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Monaco","nameAr":"موناكو","nationalityEn":"Monaco","nationalityAr":"موناكو","twoCode":"MC","threeCode":"MCO"}'),
  ('MD', '{"id":"295a397e-c0c7-53f2-a6ef-6644f3ae8698","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Moldova, Republic of","nameAr":"مولدوفا","nationalityEn":"Moldova, Republic of","nationalityAr":"مولدوفا","twoCode":"MD","threeCode":"MDA"}'),
  ('ME', '{"id":"6b2d64ec-479d-5ec0-8078-d55f3ebf39ec","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Montenegro","nameAr":"الجبل الأسود","nationalityEn":"Montenegro","nationalityAr":"الجبل الأسود","twoCode":"ME","threeCode":"MNE"}'),
  ('MF', '{"id":"64a28b9b-7fb4-534c-9d49-9f9527f5be93","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Saint Martin (French part)","nameAr":"سانت مارتن (الجزء الفرنسي)","nationalityEn":"Saint Martin (French part)","nationalityAr":"سانت مارتن (الجزء الفرنسي)","twoCode":"MF","threeCode":"MAF"}'),
  ('MG', '{"id":"4d9b4ea9-2a41-5191-8512-3fced449dc12","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Madagascar","nameAr":"مدغشقر","nationalityEn":"Madagascar","nationalityAr":"مدغشقر","twoCode":"MG","threeCode":"MDG"}'),
  ('MH', '{"id":"2ddfb0d1-88b2-57a3-93eb-37f751732178","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Marshall Islands","nameAr":"جزر مارشال","nationalityEn":"Marshall Islands","nationalityAr":"جزر مارشال","twoCode":"MH","threeCode":"MHL"}'),
  ('MK', '{"id":"0a092dad-194c-573e-99f1-2ca03d291254","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"The Republic of North Macedonia","nameAr":"مقدونيا الشمالية","nationalityEn":"The Republic of North Macedonia","nationalityAr":"مقدونيا الشمالية","twoCode":"MK","threeCode":"MKD"}'),
  ('ML', '{"id":"77111977-2451-5e87-b6d7-ed0fac04ea9b","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Mali","nameAr":"مالي","nationalityEn":"Mali","nationalityAr":"مالي","twoCode":"ML","threeCode":"MLI"}'),
  ('MM', '{"id":"fd3849df-f595-5c89-ab20-197f16c8165f","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Myanmar","nameAr":"بورما","nationalityEn":"Myanmar","nationalityAr":"بورما","twoCode":"MM","threeCode":"MMR"}'),
  ('MN', '{"id":"1431ae94-b0d7-5c17-ad27-26e37dd13c7d","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Mongolia","nameAr":"منغوليا","nationalityEn":"Mongolia","nationalityAr":"منغوليا","twoCode":"MN","threeCode":"MNG"}'),
  ('MO', '{"id":"b3b38549-b662-54dd-aa87-9a08b9f1e296","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Macao","nameAr":"ماكاو","nationalityEn":"Macao","nationalityAr":"ماكاو","twoCode":"MO","threeCode":"MAC"}'),
  ('MP', '{"id":"832e2155-fd33-5931-9fe2-330ea9bce099","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Northern Mariana Islands","nameAr":"جزر ماريانا الشمالية","nationalityEn":"Northern Mariana Islands","nationalityAr":"جزر ماريانا الشمالية","twoCode":"MP","threeCode":"MNP"}'),
  ('MQ', '{"id":"ee301094-fda3-5f39-9ca6-56fd99f9ef0b","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Martinique","nameAr":"مارتينيك","nationalityEn":"Martinique","nationalityAr":"مارتينيك","twoCode":"MQ","threeCode":"MTQ"}'),
  ('MR', '{"id":"62cec74e-1425-52b5-9e86-c6ca6e1d7d1c","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Mauritania","nameAr":"موريتانيا","nationalityEn":"Mauritania","nationalityAr":"موريتانيا","twoCode":"MR","threeCode":"MRT"}'),
  ('MS', '{"id":"d081a201-3b1d-5036-bf7e-c55325850623","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Montserrat","nameAr":"مونتسرات","nationalityEn":"Montserrat","nationalityAr":"مونتسرات","twoCode":"MS","threeCode":"MSR"}'),
  ('MT', '{"id":"f1d4bfcc-15c4-5360-9f29-47604e49a9c8","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Malta","nameAr":"مالطا","nationalityEn":"Malta","nationalityAr":"مالطا","twoCode":"MT","threeCode":"MLT"}'),
  ('MU', '{"id":"71721cbd-d941-5ee0-8459-7cafd543e9dc","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Mauritius","nameAr":"موريشيوس","nationalityEn":"Mauritius","nationalityAr":"موريشيوس","twoCode":"MU","threeCode":"MUS"}'),
  ('MV', '{"id":"d749d708-509b-54f5-af7f-b3ef857ebea0","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Maldives","nameAr":"جزر المالديف","nationalityEn":"Maldives","nationalityAr":"جزر المالديف","twoCode":"MV","threeCode":"MDV"}'),
  ('MW', '{"id":"5ec8aa7b-6a38-5005-941a-62a6809ed839","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Malawi","nameAr":"مالاوي","nationalityEn":"Malawi","nationalityAr":"مالاوي","twoCode":"MW","threeCode":"MWI"}'),
  ('MX', '{"id":"cd943264-6fd9-5173-b7a8-d04b4899e087","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Mexico","nameAr":"المكسيك","nationalityEn":"Mexico","nationalityAr":"المكسيك","twoCode":"MX","threeCode":"MEX"}'),
  ('MY', '{"id":"f3f9b9c1-4cd9-51a7-a648-e9f35f8acc18","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Malaysia","nameAr":"ماليزيا","nationalityEn":"Malaysia","nationalityAr":"ماليزيا","twoCode":"MY","threeCode":"MYS"}'),
  ('MZ', '{"id":"9e99dded-4ca8-58f9-bca5-d85ac7fb5eff","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Mozambique","nameAr":"موزمبيق","nationalityEn":"Mozambique","nationalityAr":"موزمبيق","twoCode":"MZ","threeCode":"MOZ"}'),
  ('NA', '{"id":"40b25707-d77b-5256-a10e-11dc75f3d612","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Namibia","nameAr":"ناميبيا","nationalityEn":"Namibia","nationalityAr":"ناميبيا","twoCode":"NA","threeCode":"NAM"}'),
  ('NC', '{"id":"c3bee963-abd7-56c7-80a7-04c20a4ffd8e","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"New Caledonia","nameAr":"كاليدونيا الجديدة","nationalityEn":"New Caledonia","nationalityAr":"كاليدونيا الجديدة","twoCode":"NC","threeCode":"NCL"}'),
  ('NE', '{"id":"12f7506a-84fd-5b5a-b984-68b8eeca6c29","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Niger","nameAr":"النيجر","nationalityEn":"Niger","nationalityAr":"النيجر","twoCode":"NE","threeCode":"NER"}'),
  ('NF', '{"id":"135f5573-fb24-5b10-abe1-eefc3f9f5a23","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Norfolk Island","nameAr":"جزيرة نورفولك","nationalityEn":"Norfolk Island","nationalityAr":"جزيرة نورفولك","twoCode":"NF","threeCode":"NFK"}'),
  ('NG', '{"id":"b7a9d105-1e75-5334-ae5c-32c201aab473","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Nigeria","nameAr":"نيجيريا","nationalityEn":"Nigeria","nationalityAr":"نيجيريا","twoCode":"NG","threeCode":"NGA"}'),
  ('NI', '{"id":"9b9719ad-cfb6-5b00-8bbe-5683e365d86a","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Nicaragua","nameAr":"نيكاراغوا","nationalityEn":"Nicaragua","nationalityAr":"نيكاراغوا","twoCode":"NI","threeCode":"NIC"}'),
  ('NL', '{"id":"eb8e3711-08b9-50e1-94e5-929b261c6d93","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Netherlands","nameAr":"هولندا","nationalityEn":"Netherlands","nationalityAr":"هولندا","twoCode":"NL","threeCode":"NLD"}'),
  ('NO', '{"id":"93c9fa33-76c2-5d49-8841-774a8c4fb520","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Norway","nameAr":"النرويج","nationalityEn":"Norway","nationalityAr":"النرويج","twoCode":"NO","threeCode":"NOR"}'),
  ('NP', '{"id":"7cbf2b3c-c753-50e5-bfb2-97a4b8a52d03","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Nepal","nameAr":"نيبال","nationalityEn":"Nepal","nationalityAr":"نيبال","twoCode":"NP","threeCode":"NPL"}'),
  ('NR', '{"id":"875c0f7f-07f7-51d5-b061-78c103926e73","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Nauru","nameAr":"ناورو","nationalityEn":"Nauru","nationalityAr":"ناورو","twoCode":"NR","threeCode":"NRU"}'),
  ('NU', '{"id":"84c00fab-9898-504d-87aa-f2a922cde658","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Niue","nameAr":"نييوي","nationalityEn":"Niue","nationalityAr":"نييوي","twoCode":"NU","threeCode":"NIU"}'),
  ('NZ', '{"id":"839cf747-f44d-5faa-ad3f-40f6b6597273","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"New Zealand","nameAr":"نيوزيلندا","nationalityEn":"New Zealand","nationalityAr":"نيوزيلندا","twoCode":"NZ","threeCode":"NZL"}'),
  ('OM', '{"id":"78256a00-7927-5c28-9d2f-cd86aff8a947","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Oman","nameAr":"عمان","nationalityEn":"Oman","nationalityAr":"عمان","twoCode":"OM","threeCode":"OMN"}'),
  ('PA', '{"id":"3db91964-7ea1-5f8d-939d-e2d3002d44fd","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Panama","nameAr":"بنما","nationalityEn":"Panama","nationalityAr":"بنما","twoCode":"PA","threeCode":"PAN"}'),
  ('PE', '{"id":"bd321259-bdde-5e2a-844b-8248bedf81a0","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Peru","nameAr":"بيرو","nationalityEn":"Peru","nationalityAr":"بيرو","twoCode":"PE","threeCode":"PER"}'),
  ('PF', '{"id":"b2c219ab-df84-5c01-ab06-47412f088693","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"French Polynesia","nameAr":"بولينزيا الفرنسية","nationalityEn":"French Polynesia","nationalityAr":"بولينزيا الفرنسية","twoCode":"PF","threeCode":"PYF"}'),
  ('PG', '{"id":"4e59f1d7-1096-518c-851e-97d457924060","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Papua New Guinea","nameAr":"بابوا غينيا الجديدة","nationalityEn":"Papua New Guinea","nationalityAr":"بابوا غينيا الجديدة","twoCode":"PG","threeCode":"PNG"}'),
  ('PH', '{"id":"2ea819f7-bb1c-5ce0-88b7-dc0784008547","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Philippines","nameAr":"الفلبين","nationalityEn":"Philippines","nationalityAr":"الفلبين","twoCode":"PH","threeCode":"PHL"}'),
  ('PK', '{"id":"276468ad-0dc1-561a-b1a2-e1f4108d9a92","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Pakistan","nameAr":"باكستان","nationalityEn":"Pakistan","nationalityAr":"باكستان","twoCode":"PK","threeCode":"PAK"}'),
  ('PL', '{"id":"3c545d5a-32e9-57f9-9f21-e03dc301a6f7","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Poland","nameAr":"بولندا","nationalityEn":"Poland","nationalityAr":"بولندا","twoCode":"PL","threeCode":"POL"}'),
  ('PM', '{"id":"f9bf4b2c-56ba-55c1-b0f6-15f5c8d5192e","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Saint Pierre and Miquelon","nameAr":"سان بيير وميكلون","nationalityEn":"Saint Pierre and Miquelon","nationalityAr":"سان بيير وميكلون","twoCode":"PM","threeCode":"SPM"}'),
  ('PN', '{"id":"55582579-424a-568c-8e59-6686372257ed","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Pitcairn","nameAr":"جزر بيتكيرن","nationalityEn":"Pitcairn","nationalityAr":"جزر بيتكيرن","twoCode":"PN","threeCode":"PCN"}'),
  ('PR', '{"id":"070c3083-f2f4-575c-83bc-007c3d1f66a5","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Puerto Rico","nameAr":"بورتوريكو","nationalityEn":"Puerto Rico","nationalityAr":"بورتوريكو","twoCode":"PR","threeCode":"PRI"}'),
  ('PS', '{"id":"1bc3c4cf-ddf0-5f0f-97bc-f36ce293e4f6","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"State of Palestine","nameAr":"فلسطين","nationalityEn":"State of Palestine","nationalityAr":"فلسطين","twoCode":"PS","threeCode":"PSE"}'),
  ('PT', '{"id":"47f57d5e-a076-51dd-91c4-f69dafe11105","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Portugal","nameAr":"البرتغال","nationalityEn":"Portugal","nationalityAr":"البرتغال","twoCode":"PT","threeCode":"PRT"}'),
  ('PW', '{"id":"64ad3970-c4e3-56e6-8c00-92d08e98ad7d","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Palau","nameAr":"بالاو","nationalityEn":"Palau","nationalityAr":"بالاو","twoCode":"PW","threeCode":"PLW"}'),
  ('PY', '{"id":"49412f86-bb98-5a05-96af-dfe37a31281c","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Paraguay","nameAr":"باراغواي","nationalityEn":"Paraguay","nationalityAr":"باراغواي","twoCode":"PY","threeCode":"PRY"}'),
  ('QA', '{"id":"88f81597-b8b1-5686-a989-e57fe35df39d","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Qatar","nameAr":"قطر","nationalityEn":"Qatar","nationalityAr":"قطر","twoCode":"QA","threeCode":"QAT"}'),
  ('RE', '{"id":"5b53a7e2-fd77-567e-8261-9fc67f178ea3","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Reunion","nameAr":"لا ريونيون","nationalityEn":"Reunion","nationalityAr":"لا ريونيون","twoCode":"RE","threeCode":"REU"}'),
  ('RO', '{"id":"b874c7fc-904a-5bf4-82da-9386cdb9a97b","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Romania","nameAr":"رومانيا","nationalityEn":"Romania","nationalityAr":"رومانيا","twoCode":"RO","threeCode":"ROU"}'),
  ('RS', '{"id":"b8b13555-c4cc-5614-92ee-779b3ce93234","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Serbia","nameAr":"صربيا","nationalityEn":"Serbia","nationalityAr":"صربيا","twoCode":"RS","threeCode":"SRB"}'),
  ('RU', '{"id":"98d87fc8-529c-5472-b765-286a465cef53","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Russian Federation","nameAr":"روسيا","nationalityEn":"Russian Federation","nationalityAr":"روسيا","twoCode":"RU","threeCode":"RUS"}'),
  ('RW', '{"id":"2d4d7d65-7b8e-5693-8c72-bdef83d69952","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Rwanda","nameAr":"رواندا","nationalityEn":"Rwanda","nationalityAr":"رواندا","twoCode":"RW","threeCode":"RWA"}'),
  ('SA', '{"id":"f8dd260f-1060-5197-a81e-d5079705dc7e","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Saudi Arabia","nameAr":"السعودية","nationalityEn":"Saudi Arabia","nationalityAr":"السعودية","twoCode":"SA","threeCode":"SAU"}'),
  ('SB', '{"id":"63c0d27b-09f7-5605-b1e9-f116a10d3a91","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Solomon Islands","nameAr":"جزر سليمان","nationalityEn":"Solomon Islands","nationalityAr":"جزر سليمان","twoCode":"SB","threeCode":"SLB"}'),
  ('SC', '{"id":"f6acd5b0-8458-5bac-a43b-8bb88525d7f1","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Seychelles","nameAr":"سيشل","nationalityEn":"Seychelles","nationalityAr":"سيشل","twoCode":"SC","threeCode":"SYC"}'),
  ('SD', '{"id":"1e973e18-6b6c-55c1-9352-abc5d3bb27c0","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Sudan","nameAr":"السودان","nationalityEn":"Sudan","nationalityAr":"السودان","twoCode":"SD","threeCode":"SDN"}'),
  ('SE', '{"id":"ccab66f4-39d4-5366-ae80-a92a1183bfcd","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Sweden","nameAr":"السويد","nationalityEn":"Sweden","nationalityAr":"السويد","twoCode":"SE","threeCode":"SWE"}'),
  ('SG', '{"id":"32f463ed-c0a9-5ac9-9c30-e12e5a5b30a6","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Singapore","nameAr":"سنغافورة","nationalityEn":"Singapore","nationalityAr":"سنغافورة","twoCode":"SG","threeCode":"SGP"}'),
  ('SH', '{"id":"cbda0532-8884-55c1-9308-0d5daee981b0","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Saint Helena","nameAr":"سانت هيلينا وأسينشين وتريستان دا كونا","nationalityEn":"Saint Helena","nationalityAr":"سانت هيلينا وأسينشين وتريستان دا كونا","twoCode":"SH","threeCode":"SHN"}'),
  ('SI', '{"id":"78d33859-6398-5a02-8230-99dbd06c73f9","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Slovenia","nameAr":"سلوفينيا","nationalityEn":"Slovenia","nationalityAr":"سلوفينيا","twoCode":"SI","threeCode":"SVN"}'),
  ('SJ', '{"id":"f7c918f0-f699-57b9-805a-c3153992bf86","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Svalbard and Jan Mayen","nameAr":"سفالبارد ويان ماين","nationalityEn":"Svalbard and Jan Mayen","nationalityAr":"سفالبارد ويان ماين","twoCode":"SJ","threeCode":"SJM"}'),
  ('SK', '{"id":"3ba1c213-8473-5e3a-9186-1a96e4507fc1","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Slovakia","nameAr":"سلوفاكيا","nationalityEn":"Slovakia","nationalityAr":"سلوفاكيا","twoCode":"SK","threeCode":"SVK"}'),
  ('SL', '{"id":"0f23fd32-c421-5f42-a5ab-7b69bf4fcd04","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Sierra Leone","nameAr":"سيراليون","nationalityEn":"Sierra Leone","nationalityAr":"سيراليون","twoCode":"SL","threeCode":"SLE"}'),
  ('SM', '{"id":"ca7b9d57-4afa-5d7d-b8ef-672d0a1a34d0","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"San Marino","nameAr":"سان مارينو","nationalityEn":"San Marino","nationalityAr":"سان مارينو","twoCode":"SM","threeCode":"SMR"}'),
  ('SN', '{"id":"190e47d8-d4c3-5781-898d-d5ad58bf2dce","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Senegal","nameAr":"السنغال","nationalityEn":"Senegal","nationalityAr":"السنغال","twoCode":"SN","threeCode":"SEN"}'),
  ('SO', '{"id":"09fd456f-d49d-5bd2-bc1f-b0dfa97bf07c","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Somalia","nameAr":"الصومال","nationalityEn":"Somalia","nationalityAr":"الصومال","twoCode":"SO","threeCode":"SOM"}'),
  ('SR', '{"id":"dfd166aa-94f8-5adf-b222-216b4dea8bab","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Suriname","nameAr":"سورينام","nationalityEn":"Suriname","nationalityAr":"سورينام","twoCode":"SR","threeCode":"SUR"}'),
  ('SS', '{"id":"86932afc-a760-5eaf-88b4-f26f5e84717b","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"South Sudan","nameAr":"جنوب السودان","nationalityEn":"South Sudan","nationalityAr":"جنوب السودان","twoCode":"SS","threeCode":"SSD"}'),
  ('ST', '{"id":"db70336c-c4b6-53c1-83ea-15f97c30e434","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Sao Tome and Principe","nameAr":"ساو تومي وبرينسيب","nationalityEn":"Sao Tome and Principe","nationalityAr":"ساو تومي وبرينسيب","twoCode":"ST","threeCode":"STP"}'),
  ('SV', '{"id":"9c5755e1-d45f-5b27-a57a-46617788c13c","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"El Salvador","nameAr":"السلفادور","nationalityEn":"El Salvador","nationalityAr":"السلفادور","twoCode":"SV","threeCode":"SLV"}'),
  ('SX', '{"id":"a9ebcc1d-14f1-5c37-8068-b36a0d20adad","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Sint Maarten (Dutch part)","nameAr":"سانت مارتن (الجزء الهولندي)","nationalityEn":"Sint Maarten (Dutch part)","nationalityAr":"سانت مارتن (الجزء الهولندي)","twoCode":"SX","threeCode":"SXM"}'),
  ('SY', '{"id":"d2de0180-5134-5e6b-af89-4a2768ca2e2c","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Syrian Arab Republic","nameAr":"سوريا","nationalityEn":"Syrian Arab Republic","nationalityAr":"سوريا","twoCode":"SY","threeCode":"SYR"}'),
  ('SZ', '{"id":"2273f387-b40e-5b1e-b411-8a2aead3442a","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Eswatini","nameAr":"سوازيلاند","nationalityEn":"Eswatini","nationalityAr":"سوازيلاند","twoCode":"SZ","threeCode":"SWZ"}'),
  ('TC', '{"id":"ff6df091-9b7e-5765-81ea-f6851dfe8d52","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Turks and Caicos Islands","nameAr":"جزر توركس وكايكوس","nationalityEn":"Turks and Caicos Islands","nationalityAr":"جزر توركس وكايكوس","twoCode":"TC","threeCode":"TCA"}'),
  ('TD', '{"id":"1e8b4417-ce48-5b67-8c8c-2c167ef23924","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Chad","nameAr":"تشاد","nationalityEn":"Chad","nationalityAr":"تشاد","twoCode":"TD","threeCode":"TCD"}'),
  ('TF', '{"id":"18a522e8-4a46-58cf-8ae8-459fef24caec","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"French Southern Territories","nameAr":"أراض فرنسية جنوبية وأنتارتيكية","nationalityEn":"French Southern Territories","nationalityAr":"أراض فرنسية جنوبية وأنتارتيكية","twoCode":"TF","threeCode":"ATF"}'),
  ('TG', '{"id":"32258ec8-220f-5b92-a2b1-ff762d41107a","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Togo","nameAr":"توغو","nationalityEn":"Togo","nationalityAr":"توغو","twoCode":"TG","threeCode":"TGO"}'),
  ('TH', '{"id":"930129fd-fbcc-52f3-a0ac-b0f04f2b6131","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Thailand","nameAr":"تايلاند","nationalityEn":"Thailand","nationalityAr":"تايلاند","twoCode":"TH","threeCode":"THA"}'),
  ('TJ', '{"id":"a7ab84fa-c596-59ad-a8e7-914898884290","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Tajikistan","nameAr":"طاجيكستان","nationalityEn":"Tajikistan","nationalityAr":"طاجيكستان","twoCode":"TJ","threeCode":"TJK"}'),
  ('TK', '{"id":"2d10f009-0adf-5b38-9e6c-881c59633cea","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Tokelau","nameAr":"توكيلاو","nationalityEn":"Tokelau","nationalityAr":"توكيلاو","twoCode":"TK","threeCode":"TKL"}'),
  ('TL', '{"id":"267c08fb-a385-58ae-a5de-cc386bc10992","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Timor-Leste","nameAr":"تيمور الشرقية","nationalityEn":"Timor-Leste","nationalityAr":"تيمور الشرقية","twoCode":"TL","threeCode":"TLS"}'),
  ('TM', '{"id":"8d057426-141e-52da-bd09-7b5fdc73cd83","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Turkmenistan","nameAr":"تركمانستان","nationalityEn":"Turkmenistan","nationalityAr":"تركمانستان","twoCode":"TM","threeCode":"TKM"}'),
  ('TN', '{"id":"45bb022d-e41f-5fa7-93e4-fcfe9f9ffaac","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Tunisia","nameAr":"تونس","nationalityEn":"Tunisia","nationalityAr":"تونس","twoCode":"TN","threeCode":"TUN"}'),
  ('TO', '{"id":"00de06ba-33e0-54ba-b147-d0a4f6ad0d24","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Tonga","nameAr":"تونغا","nationalityEn":"Tonga","nationalityAr":"تونغا","twoCode":"TO","threeCode":"TON"}'),
  ('TR', '{"id":"72ab7535-e1b6-551e-9acf-63370c0b5348","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Türkiye","nameAr":"تركيا","nationalityEn":"Türkiye","nationalityAr":"تركيا","twoCode":"TR","threeCode":"TUR"}'),
  ('TT', '{"id":"2c0a5f0d-b219-5fdc-ba6f-85661a41d6a4","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Trinidad and Tobago","nameAr":"ترينيداد وتوباغو","nationalityEn":"Trinidad and Tobago","nationalityAr":"ترينيداد وتوباغو","twoCode":"TT","threeCode":"TTO"}'),
  ('TV', '{"id":"b88383bd-aeb0-559e-804e-33ae5e9a59c4","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Tuvalu","nameAr":"توفالو","nationalityEn":"Tuvalu","nationalityAr":"توفالو","twoCode":"TV","threeCode":"TUV"}'),
  ('TW', '{"id":"3620f338-90ab-5eb7-a1ec-c10926c0cd52","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Taiwan, Province of China","nameAr":"تايوان","nationalityEn":"Taiwan, Province of China","nationalityAr":"تايوان","twoCode":"TW","threeCode":"TWN"}'),
  ('TZ', '{"id":"290c03c7-9a06-5552-b5d1-3403f8a64175","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"United Republic of Tanzania","nameAr":"تانزانيا","nationalityEn":"United Republic of Tanzania","nationalityAr":"تانزانيا","twoCode":"TZ","threeCode":"TZA"}'),
  ('UA', '{"id":"b7ce2b7c-4515-5f8c-a8d8-1371a3cd7403","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Ukraine","nameAr":"أوكرانيا","nationalityEn":"Ukraine","nationalityAr":"أوكرانيا","twoCode":"UA","threeCode":"UKR"}'),
  ('UG', '{"id":"2be99e2e-e31f-5d68-a126-c571e4346788","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Uganda","nameAr":"أوغندا","nationalityEn":"Uganda","nationalityAr":"أوغندا","twoCode":"UG","threeCode":"UGA"}'),
  ('UM', '{"id":"e10b3a60-f039-5bc0-b12c-76a8136f7a4b","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"United States Minor Outlying Islands","nameAr":"جزر الولايات المتحدة","nationalityEn":"United States Minor Outlying Islands","nationalityAr":"جزر الولايات المتحدة","twoCode":"UM","threeCode":"UMI"}'),
  ('US', '{"id":"c3c22861-1a82-56b4-83c3-d0f3398cbf77","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"United States of America","nameAr":"الولايات المتحدة","nationalityEn":"United States of America","nationalityAr":"الولايات المتحدة","twoCode":"US","threeCode":"USA"}'),
  ('UY', '{"id":"d87fe13f-6cc7-5e7d-9503-96d63347462e","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Uruguay","nameAr":"الأوروغواي","nationalityEn":"Uruguay","nationalityAr":"الأوروغواي","twoCode":"UY","threeCode":"URY"}'),
  ('UZ', '{"id":"1ab7c653-7eaa-5107-9bb7-fd45e09afbd9","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Uzbekistan","nameAr":"أوزبكستان","nationalityEn":"Uzbekistan","nationalityAr":"أوزبكستان","twoCode":"UZ","threeCode":"UZB"}'),
  ('VA', '{"id":"41aed7eb-3575-530d-bd96-844cb3f99d47","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Holy See (Vatican City State)","nameAr":"الفاتيكان","nationalityEn":"Holy See (Vatican City State)","nationalityAr":"الفاتيكان","twoCode":"VA","threeCode":"VAT"}'),
  ('VC', '{"id":"b843c73c-9cca-5161-bd56-dbdff045d04e","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Saint Vincent and the Grenadines","nameAr":"سانت فينسنت والغرينادين","nationalityEn":"Saint Vincent and the Grenadines","nationalityAr":"سانت فينسنت والغرينادين","twoCode":"VC","threeCode":"VCT"}'),
  ('VE', '{"id":"3b051925-3647-5c6c-93c8-7fdc6000bbe0","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Venezuela","nameAr":"فنزويلا","nationalityEn":"Venezuela","nationalityAr":"فنزويلا","twoCode":"VE","threeCode":"VEN"}'),
  ('VG', '{"id":"143da3a5-d6ca-54ce-8cab-daeb84d77a26","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Virgin Islands, British","nameAr":"جزر العذراء البريطانية","nationalityEn":"Virgin Islands, British","nationalityAr":"جزر العذراء البريطانية","twoCode":"VG","threeCode":"VGB"}'),
  ('VI', '{"id":"24c995d2-5ed4-560b-bce0-7ca4bd5152bc","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Virgin Islands, U.S.","nameAr":"جزر العذراء الأمريكية","nationalityEn":"Virgin Islands, U.S.","nationalityAr":"جزر العذراء الأمريكية","twoCode":"VI","threeCode":"VIR"}'),
  ('VN', '{"id":"eae7485b-22d0-58d0-81db-76c793bc8f02","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Vietnam","nameAr":"فيتنام","nationalityEn":"Vietnam","nationalityAr":"فيتنام","twoCode":"VN","threeCode":"VNM"}'),
  ('VU', '{"id":"21885896-7017-5a0a-8919-275d9444614c","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Vanuatu","nameAr":"فانواتو","nationalityEn":"Vanuatu","nationalityAr":"فانواتو","twoCode":"VU","threeCode":"VUT"}'),
  ('WF', '{"id":"b4674604-46a5-5ab1-833f-13557b6d8fe6","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Wallis and Futuna","nameAr":"والس وفوتونا","nationalityEn":"Wallis and Futuna","nationalityAr":"والس وفوتونا","twoCode":"WF","threeCode":"WLF"}'),
  ('WS', '{"id":"88506201-75dd-5239-8134-8b471266ccfe","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Samoa","nameAr":"ساموا","nationalityEn":"Samoa","nationalityAr":"ساموا","twoCode":"WS","threeCode":"WSM"}'),
  ('XK', '{"id":"fff776d2-38f7-5a23-95d4-a384c9915a35","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Kosovo","nameAr":"كوسوفو","nationalityEn":"Kosovo","nationalityAr":"كوسوفو","twoCode":"XK","threeCode":"XKK"}'),
  ('YE', '{"id":"93e13277-9f64-5d2b-a3ed-787fd611cfc5","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Yemen","nameAr":"اليمن","nationalityEn":"Yemen","nationalityAr":"اليمن","twoCode":"YE","threeCode":"YEM"}'),
  ('YT', '{"id":"23b56db0-0dd5-5a4a-8686-f34621525592","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Mayotte","nameAr":"مايوت","nationalityEn":"Mayotte","nationalityAr":"مايوت","twoCode":"YT","threeCode":"MYT"}'),
  ('ZA', '{"id":"0c6785d3-d7eb-5eda-a059-a3314c1c99d9","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"South Africa","nameAr":"جنوب أفريقيا","nationalityEn":"South Africa","nationalityAr":"جنوب أفريقيا","twoCode":"ZA","threeCode":"ZAF"}'),
  ('ZM', '{"id":"b335ceb4-4496-5ba9-af6f-6f8297f61040","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Zambia","nameAr":"زامبيا","nationalityEn":"Zambia","nationalityAr":"زامبيا","twoCode":"ZM","threeCode":"ZMB"}'),
  ('ZW', '{"id":"9ddb91d1-c877-5b18-9283-1201c4517714","createdAt":"2026-11-22 00:00:00.000","updatedAt":"2026-11-22 00:00:00.000","nameEn":"Zimbabwe","nameAr":"زيمبابوي","nationalityEn":"Zimbabwe","nationalityAr":"زيمبابوي","twoCode":"ZW","threeCode":"ZWE"}');

-- The list-shape document now ends with `nationality` (the reference object or null); otherwise
-- as in the entity_documents migration. EntityDocument's own nationalityCode column, which the API
-- used to look the nationality up by, goes.
DROP FUNCTION crm_entity_documents(uuid, uuid[]);
CREATE FUNCTION crm_entity_documents(p_tenant uuid, p_ids uuid[])
RETURNS TABLE ("entityId" uuid, "document" json)
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $fn$
  WITH docs AS (
    SELECT d."identityId", json_agg(json_build_object('id', da."id", 'createdAt', to_char(da."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(da."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'name', da."name", 'mimeType', da."mimeType", 'size', da."size"::text, 'createdBy', NULL) ORDER BY d."position", d."attachmentId") AS "j"
    FROM "IdentityDocument" d JOIN "Attachment" da ON da."id" = d."attachmentId"
    WHERE d."identityId" IN (SELECT "id" FROM "Identity" WHERE "tenantId" = p_tenant AND "entityId" IN (SELECT unnest(p_ids)))
    GROUP BY d."identityId"), ident AS (
    SELECT i."entityId",
      json_agg(json_build_object(
        'id', i."id", 'createdAt', to_char(i."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(i."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'),
        'verifiedAt', to_char(i."verifiedAt", 'YYYY-MM-DD'), 'expiresAt', to_char(i."expiresAt", 'YYYY-MM-DD'), 'type', i."type", 'subtype', i."subtype",
        'number', i."number", 'issuingCountryCode', i."issuingCountryCode",
        'selfie', CASE WHEN sa."id" IS NULL THEN NULL ELSE json_build_object('id', sa."id", 'createdAt', to_char(sa."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(sa."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'name', sa."name", 'mimeType', sa."mimeType", 'size', sa."size"::text, 'createdBy', NULL) END,
        'documents', coalesce(docs."j", '[]'::json),
        'verification', CASE WHEN v."id" IS NULL THEN NULL ELSE json_build_object('id', v."id", 'createdAt', to_char(v."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(v."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'status', v."status", 'source', v."source") END
      ) ORDER BY i."createdAt", i."id") AS "j",
      bool_or(v."status" = 'Verified') AS "verified"
    FROM "Identity" i
    LEFT JOIN "IdentityVerification" v ON v."identityId" = i."id"
    LEFT JOIN "Attachment" sa ON sa."id" = i."selfieId"
    LEFT JOIN docs ON docs."identityId" = i."id"
    WHERE i."tenantId" = p_tenant AND "entityId" IN (SELECT unnest(p_ids))
    GROUP BY i."entityId"), tags AS (
    SELECT et."entityId", json_agg(json_build_object('id', tg."id", 'createdAt', to_char(tg."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(tg."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'nameEn', tg."nameEn", 'nameAr', tg."nameAr", 'scope', tg."scope") ORDER BY et."createdAt", tg."id") AS "j"
    FROM "EntityTag" et JOIN "Tag" tg ON tg."id" = et."tagId"
    WHERE et."entityId" IN (SELECT unnest(p_ids)) AND et."tenantId" = p_tenant
    GROUP BY et."entityId"), org AS (
    SELECT os."entityId", json_build_object('id', os."id", 'createdAt', to_char(os."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(os."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'value', os."value",
      'confirmationDate', to_char(os."confirmationDate" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'suspensionDate', to_char(os."suspensionDate" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      'reactivationDate', to_char(os."reactivationDate" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'deletionDate', to_char(os."deletionDate" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      'liquidificationDate', to_char(os."liquidificationDate" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'entityId', os."entityId", 'structure', os."structure") AS "j"
    FROM "OrganizationStatus" os WHERE os."entityId" IN (SELECT unnest(p_ids)) AND os."tenantId" = p_tenant), acts AS (
    SELECT ac."entityId", json_agg(json_build_object('id', ac."id", 'createdAt', to_char(ac."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(ac."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'externalId', ac."externalId", 'nameAr', ac."nameAr", 'nameEn', ac."nameEn") ORDER BY ac."createdAt", ac."id") AS "j"
    FROM "Activity" ac WHERE ac."tenantId" = p_tenant AND "entityId" IN (SELECT unnest(p_ids)) GROUP BY ac."entityId"), banks AS (
    SELECT b."entityId", bool_or(b."verificationStatus" = 'Verified') AS "verified"
    
    FROM "BankAccount" b 
    WHERE b."tenantId" = p_tenant AND "entityId" IN (SELECT unnest(p_ids)) GROUP BY b."entityId"), addrs AS (
    SELECT ad."entityId", bool_or(ad."status" = 'Verified') AS "verified"
    
    FROM "Address" ad 
    WHERE ad."tenantId" = p_tenant AND "entityId" IN (SELECT unnest(p_ids)) GROUP BY ad."entityId")
  SELECT e."id", json_build_object(
    'id', e."id", 'createdAt', to_char(e."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(e."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'archivedAt', to_char(e."archivedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'crmId', e."crmId", 'role', e."role", 'type', e."type", 'email', e."email",
    'nameEn', e."nameEn", 'nameAr', e."nameAr", 'status', e."status", 'verificationBlocked', e."verificationBlocked",
    'classification', e."classification", 'category', e."category", 'gender', e."gender", 'countryCode', e."countryCode",
    'phoneNumber', e."phoneNumber", 'accountOpenDate', to_char(e."accountOpenDate", 'YYYY-MM-DD'), 'dob', to_char(e."dob", 'YYYY-MM-DD'), 'dobHijri', e."dobHijri",
    'dateOfIncorporation', to_char(e."dateOfIncorporation", 'YYYY-MM-DD'), 'dateOfIncorporationHijri', e."dateOfIncorporationHijri",
    'netIncome', e."netIncome"::text, 'netAssets', e."netAssets"::text, 'ongoingMonitoring', e."ongoingMonitoring",
    'identities', coalesce(ident."j", '[]'::json), 'nationalityCode', e."nationalityCode", 'kyc', NULL,
    'verifications', json_build_object('identity', coalesce(ident."verified", false), 'email', e."emailVerified",
      'phoneNumber', e."phoneNumberVerified", 'address', coalesce(addrs."verified", false), 'bankAccount', coalesce(banks."verified", false)),
    'tags', coalesce(tags."j", '[]'::json),
    'reviewStatus', json_build_object('hasPublicCase', e."hasPublicCase", 'hasLocalCase', e."hasLocalCase", 'hasNewsMedia', e."hasNewsMedia", 'isUnderReview', e."isUnderReview"),
    'caseCount', e."caseCount", 'matchCount', e."matchCount", 'organizationStatus', org."j",
    'activities', coalesce(acts."j", '[]'::json), 'relationships', '[]'::json,
    'nationality', (SELECT n."json"::json FROM "NationalityReference" n WHERE n."code" = e."nationalityCode")
  )
  FROM "Entity" e
  LEFT JOIN ident ON ident."entityId" = e."id"
  LEFT JOIN tags ON tags."entityId" = e."id"
  LEFT JOIN org ON org."entityId" = e."id"
  LEFT JOIN acts ON acts."entityId" = e."id"
  LEFT JOIN banks ON banks."entityId" = e."id"
  LEFT JOIN addrs ON addrs."entityId" = e."id"
  WHERE e."tenantId" = p_tenant AND e."id" IN (SELECT unnest(p_ids))
$fn$;

CREATE OR REPLACE FUNCTION crm_refresh_entity_documents(p_tenant uuid, p_ids uuid[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM "EntityDocument" d
    WHERE d."tenantId" = p_tenant AND d."entityId" IN (SELECT unnest(p_ids))
    ORDER BY d."entityId" FOR UPDATE;
  INSERT INTO "EntityDocument" AS d ("tenantId", "entityId", "document")
    SELECT p_tenant, x."entityId", x."document" FROM crm_entity_documents(p_tenant, p_ids) x
    ON CONFLICT ("tenantId", "entityId") DO UPDATE SET "document" = EXCLUDED."document";
END
$fn$;

ALTER TABLE "EntityDocument" DROP COLUMN "nationalityCode";

-- Rewrite every stored document in the new shape, a tenant at a time.
DO $do$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT "tenantId", array_agg("id") AS ids FROM "Entity" GROUP BY "tenantId" LOOP
    PERFORM crm_refresh_entity_documents(t."tenantId", t.ids);
  END LOOP;
END
$do$;

-- The API's timestamp format (`YYYY-MM-DD HH:mm:ss.SSS`, UTC) and its Attachment object, as the
-- entity_documents migration writes them inline.
CREATE FUNCTION crm_timestamp_text(p_at timestamptz) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
  SELECT to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS')
$fn$;

CREATE FUNCTION crm_attachment_json(a "Attachment") RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
  SELECT json_build_object('id', a."id", 'createdAt', crm_timestamp_text(a."createdAt"), 'updatedAt', crm_timestamp_text(a."updatedAt"),
    'name', a."name", 'mimeType', a."mimeType", 'size', a."size"::text, 'createdBy', NULL)
$fn$;

-- GET /entities: one page as the response body `{"meta":{…},"data":[…]}`. Scopes row-level security
-- to the tenant for the statement's own transaction (the function runs as the caller, so the
-- policies apply), finds the page with crm_list_entity_ids and joins the page's documents in its
-- order. Replaces crm_entity_page, which returned the documents for Node.js to join.
CREATE FUNCTION crm_entity_list_body(
  p_tenant uuid, p_role "EntityRole", p_status "EntityStatus", p_type "EntityType", p_crm_id text, p_tag_id uuid,
  p_pattern text, p_page int, p_size int
) RETURNS text
LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp SET plan_cache_mode = force_generic_plan AS $fn$
DECLARE
  r jsonb;
  ids uuid[];
  total bigint;
  data text;
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  r := crm_list_entity_ids(p_role, p_status, p_type, p_crm_id, p_tag_id, p_pattern, p_size, (p_page - 1) * p_size);
  total := (r->>'total')::bigint;
  ids := ARRAY(SELECT jsonb_array_elements_text(r->'ids')::uuid);
  -- `= ANY(ids)`: primary-key lookups in the generic plan (a join on the unnested ids was planned
  -- as a scan of all the tenant's documents). At most 100 ids, so array_position is cheap.
  SELECT string_agg(d."document"::text, ',' ORDER BY array_position(ids, d."entityId")) INTO data
    FROM "EntityDocument" d
    WHERE d."tenantId" = p_tenant AND d."entityId" = ANY(ids);
  RETURN '{"meta":{"page":' || p_page || ',"size":' || p_size || ',"totalCount":' || total
    || ',"totalPages":' || (total + p_size - 1) / p_size || '},"data":[' || coalesce(data, '') || ']}';
END
$fn$;

-- GET /entities/{id}: the complete profile (document, nationality, bank accounts, addresses and
-- rawData) as the response body, or NULL when the tenant has no such entity.
CREATE FUNCTION crm_entity_profile_body(p_tenant uuid, p_entity uuid) RETURNS text
LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp SET plan_cache_mode = force_generic_plan AS $fn$
DECLARE
  body text;
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  -- The document ends with its closing brace: the profile's sections are spliced in before it.
  SELECT left(d."document"::text, -1) || ',' || substr(json_build_object(
      'bankAccounts', coalesce((
        SELECT json_agg(json_build_object('id', b."id",
          'createdAt', crm_timestamp_text(b."createdAt"),
          'updatedAt', crm_timestamp_text(b."updatedAt"),
          'iban', b."iban", 'primary', b."primary", 'bankNameEn', b."bankNameEn", 'bankNameAr', b."bankNameAr",
          'swiftCode', b."swiftCode", 'bankCode', b."bankCode", 'holderName', b."holderName", 'status', b."status",
          'source', b."source", 'verificationStatus', b."verificationStatus",
          'attachment', CASE WHEN ba."id" IS NULL THEN NULL ELSE crm_attachment_json(ba) END,
          'entityId', b."entityId"
        ) ORDER BY b."primary" DESC, b."createdAt", b."id")
        FROM "BankAccount" b LEFT JOIN "Attachment" ba ON ba."id" = b."attachmentId"
        WHERE b."tenantId" = p_tenant AND b."entityId" = p_entity), '[]'::json),
      'addresses', coalesce((
        SELECT json_agg(json_build_object('id', ad."id",
          'createdAt', crm_timestamp_text(ad."createdAt"),
          'updatedAt', crm_timestamp_text(ad."updatedAt"),
          'district', ad."district", 'districtArea', ad."districtArea", 'districtName', ad."districtName",
          'locationX', ad."locationX", 'locationY', ad."locationY", 'locationZ', ad."locationZ",
          'latitude', ad."latitude", 'longitude', ad."longitude", 'phoneNumber', ad."phoneNumber",
          'streetNameEn', ad."streetNameEn", 'streetNameAr', ad."streetNameAr", 'unitNumber', ad."unitNumber",
          'unitTypeId', ad."unitTypeId", 'shortCode', ad."shortCode", 'status', ad."status", 'source', ad."source",
          'category', ad."category", 'fullAddress', ad."fullAddress",
          'attachment', CASE WHEN aa."id" IS NULL THEN NULL ELSE crm_attachment_json(aa) END,
          'city', CASE WHEN c."id" IS NULL THEN NULL ELSE json_build_object('id', c."id",
            'createdAt', crm_timestamp_text(c."createdAt"),
            'updatedAt', crm_timestamp_text(c."updatedAt"),
            'nameEn', c."nameEn", 'nameAr', c."nameAr") END
        ) ORDER BY ad."createdAt", ad."id")
        FROM "Address" ad LEFT JOIN "Attachment" aa ON aa."id" = ad."attachmentId" LEFT JOIN "City" c ON c."id" = ad."cityId"
        WHERE ad."tenantId" = p_tenant AND ad."entityId" = p_entity), '[]'::json),
      'rawData', e."rawData")::text, 2) INTO body
    FROM "EntityDocument" d
    JOIN "Entity" e ON e."tenantId" = d."tenantId" AND e."id" = d."entityId"
    WHERE d."tenantId" = p_tenant AND d."entityId" = p_entity;
  RETURN body;
END
$fn$;

DROP FUNCTION crm_entity_page(uuid, "EntityRole", "EntityStatus", "EntityType", text, uuid, text, int, int);
