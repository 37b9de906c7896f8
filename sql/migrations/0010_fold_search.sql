-- Search that ignores accents and special letters (issue 11): "yilmaz" finds "Yılmaz", "weiss"
-- finds "Weiß", "lukasz" finds "Łukasz". The unaccent extension is not in the embedded PGlite,
-- so the folding is plain translate()/replace(); it is immutable, usable in indexes later.
--
-- fold_search: lower case, combining accents removed (names typed in decomposed form), ß → ss,
-- æ → ae, œ → oe, þ → th, every accented or special Latin letter to its base letter (ä → a,
-- ı → i, ł → l, ø → o ...). Upper and lower case are both listed: lower() of a C-locale
-- database leaves non-ASCII letters as they are.
create function fold_search(t text) returns text
language sql immutable strict parallel safe
return lower(translate(
  replace(replace(replace(replace(replace(replace(replace(replace(replace(
    regexp_replace(t, '[\u0300-\u036f]', '', 'g'),
    'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'þ', 'th'),
    'Þ', 'th'), 'ŉ', 'n'),
  'ÀÁÂÃÄÅĀĂĄàáâãäåāăąÇĆĈĊČçćĉċčĎĐÐďđðÈÉÊËĒĔĖĘĚèéêëēĕėęěĜĞĠĢĝğġģĤĦĥħÌÍÎÏĨĪĬĮİìíîïĩīĭįıĴĵĶķĹĻĽĿŁĺļľŀłÑŃŅŇñńņňÒÓÔÕÖØŌŎŐòóôõöøōŏőŔŖŘŕŗřŚŜŞŠȘśŝşšșŢŤŦȚţťŧțÙÚÛÜŨŪŬŮŰŲùúûüũūŭůűųÝŸŶýÿŷŹŻŽźżž',
  'aaaaaaaaaaaaaaaaaaccccccccccddddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssssttttttttuuuuuuuuuuuuuuuuuuuuyyyyyyzzzzzz'
));

-- The German spelling of umlauts without them: ä → ae, ö → oe, ü → ue, then fold_search. A search
-- matches when either folding matches, so "muller" and "mueller" both find "Müller" (and
-- "Jörg" is found by "jorg" and "joerg") without folding every "ue" of other names.
create function fold_search_umlauts(t text) returns text
language sql immutable strict parallel safe
return fold_search(
  replace(replace(replace(replace(replace(replace(t,
    'ä', 'ae'), 'Ä', 'ae'), 'ö', 'oe'), 'Ö', 'oe'), 'ü', 'ue'), 'Ü', 'ue'));
