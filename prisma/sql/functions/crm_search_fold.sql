-- The one definition of how entity search text is compared: what an officer types (`q`) and what
-- is stored in Entity."searchText" both go through it, so a search is insensitive to
--   - the hamza forms of alef (أ إ آ ٱ → ا), alef maksura (ى → ي), teh marbuta (ة → ه),
--     hamza on waw/yeh (ؤ → و, ئ → ي) and the Persian yeh/keheh (ی → ي, ک → ك);
--   - tatweel and the harakat (fathatan … sukun, maddah, hamza above/below, superscript alef);
--   - Arabic-Indic and Persian digits (٠–٩, ۰–۹ → 0–9), so an identity number typed in either
--     digit style is found;
--   - case and the common Latin accents (é → e);
--   - punctuation between words (`Al-Qahtani` and `Al Qahtani` are the same words), while `@`
--     and `.` stay, so e-mails and IBANs remain one word; apostrophes are dropped (O'Brien → obrien).
-- Only translate() and lower(): no regular expression and no locale data, so the function is
-- IMMUTABLE, costs a few microseconds and gives the same answer on every server (lower() only
-- adds ASCII case folding under the C collation; accented capitals are mapped explicitly). `%` and
-- `_` stay literal characters (the list escapes them in its LIKE patterns); `\` becomes a space.
CREATE OR REPLACE FUNCTION crm_search_fold(p text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT translate(
    lower(p),
    -- mapped one to one …
    U&'\0623\0625\0622\0671\0649\0629\0624\0626\06CC\06A9'
      || U&'\0660\0661\0662\0663\0664\0665\0666\0667\0668\0669\06F0\06F1\06F2\06F3\06F4\06F5\06F6\06F7\06F8\06F9'
      || 'áàâäãåāéèêëēíìîïīóòôöõøōúùûüūýÿçñÁÀÂÄÃÅĀÉÈÊËĒÍÌÎÏĪÓÒÔÖÕØŌÚÙÛÜŪÝŸÇÑ'
      || E'-,;:/\\()[]{}"|!?#*&+=<>~^\t\n\r'
    -- … then deleted (no counterpart): tatweel, harakat, superscript alef, apostrophes
      || U&'\0640\064B\064C\064D\064E\064F\0650\0651\0652\0653\0654\0655\0670' || E'''`\u2019',
    U&'\0627\0627\0627\0627\064A\0647\0648\064A\064A\0643'
      || '01234567890123456789'
      || 'aaaaaaaeeeeeiiiiiooooooouuuuuyycnaaaaaaaeeeeeiiiiiooooooouuuuuyycn'
      || repeat(' ', 28)
  )
$fn$;
