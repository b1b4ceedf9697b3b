/**
 * Search folding: what a person types into a search box and what is searched are compared after
 * both go through `foldText`, so case and accents don't matter ("viet", "VIỆT" and "Việt" find
 * "Việt Nam"; "dien thoai" finds "Điện thoại"). One function for every search: the registration's
 * country picker, the catalogue, the order list and the console's lists (the server stores each
 * searched text folded beside it and indexes that: docs/catalogue.md "Search").
 *
 * 1. NFKD: compatibility forms apart (fullwidth `Ｖ` → `V`, `ﬁ` → `fi`) and letters from their marks.
 * 2. Lower case (after 1, so Turkish `İ`, now `I` + a dot above, is `i` once the dot goes).
 * 3. The combining diacritical marks of Latin, Greek and Cyrillic letters go (U+0300–U+036F and
 *    their supplements). Marks that are part of other scripts stay: Thai vowels and tone marks, the
 *    Japanese voicing marks (`が` stays `が`), Hangul, so those titles keep their meaning.
 * 4. NFC: what was decomposed and is still there composes again (`が`, Hangul syllables).
 * 5. The letters Unicode does not decompose into a base and a mark: `đ` → `d` (Vietnamese), `ø`,
 *    `ł`, Turkish dotless `ı` → `i`, `ß` → `ss`, `æ` → `ae`, `œ` → `oe`, `ð`, `þ`, `ħ`.
 *
 * Changing it changes what the server has stored folded: a change comes with a migration that
 * folds the stored texts again (apps/server migration 015 did it first).
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(DIACRITICS, '')
    .normalize('NFC')
    .replace(UNDECOMPOSED, (c) => LETTERS[c] ?? c);
}

/** Combining marks used on Latin, Greek and Cyrillic letters (not those of Thai, Kana, Hangul...). */
const DIACRITICS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;

/** Lower-case letters with a stroke or a ligature, which no normalization takes apart. */
const LETTERS: Record<string, string> = {
  đ: 'd',
  ð: 'd',
  ø: 'o',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
};
const UNDECOMPOSED = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

/** True when `text` holds `query` once both are folded (a search box over a short list in memory). */
export function foldedIncludes(text: string, query: string): boolean {
  return foldText(text).includes(foldText(query));
}
