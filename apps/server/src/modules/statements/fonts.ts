import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Lang } from '@dropdesk/contract/constants';
import { create, type Font } from 'fontkit';

/**
 * The PDF statement's fonts: Noto Sans per script, shipped by the @expo-google-fonts packages
 * (static TrueType instances of Google Fonts' Noto; no font is read from the machine). TrueType rather
 * than the CFF (.otf) builds: pdfkit's subsets of them came out 3 to 6 times smaller (a line of CJK:
 * 9 KB against 51 KB) and faster to make.
 *
 * - latin: Noto Sans (Latin with Vietnamese and Turkish, Greek, Cyrillic), 0.6 MB a weight;
 * - thai: Noto Sans Thai, 47 KB a weight;
 * - sc / jp / kr: Noto Sans SC, JP, KR, 10.5, 5.5 and 6.2 MB a weight: a Han character takes the
 *   forms of the statement's language (a Japanese statement's kanji in JP, a Korean one's hanja in KR,
 *   else SC), kana take JP and hangul KR.
 *
 * A character its script's face lacks (a simplified 补 in a Japanese statement) is drawn by the first
 * face that has it, in the order latin, sc, jp, kr, thai; one no face has shows as the font's box.
 *
 * A file is read when a statement first needs it, then kept for the life of the process (at most the
 * ten files, 36 MB; a server that writes Latin and Thai statements only holds 1.4 MB).
 */
export type Face = 'latin' | 'thai' | 'sc' | 'jp' | 'kr';
export type Weight = 'regular' | 'bold';

const FILES: Record<Face, Record<Weight, string>> = {
  latin: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  thai: {
    regular: '@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf',
  },
  sc: {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
  jp: {
    regular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
  },
  kr: {
    regular: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
  },
};

/** The PostScript name each face's regular weight has in a PDF (a subset's BaseFont is `ABCDEF+` this). */
export const POSTSCRIPT_NAMES: Record<Face, string> = {
  latin: 'NotoSans-Regular',
  thai: 'NotoSansThai-Regular',
  sc: 'NotoSansSC-Regular',
  jp: 'NotoSansJP-Regular',
  kr: 'NotoSansKR-Regular',
};

const require = createRequire(import.meta.url);
const files = new Map<string, Buffer>();

/** The bytes of a face's font file (read once per process). */
export function fontBytes(face: Face, weight: Weight): Buffer {
  const id = FILES[face][weight];
  let bytes = files.get(id);
  if (!bytes) {
    bytes = readFileSync(require.resolve(id));
    files.set(id, bytes);
  }
  return bytes;
}

const fonts = new Map<Face, Font>();

/** Whether `face` has a glyph for code point `cp` (its cmap, read once per process). */
export function covers(face: Face, cp: number): boolean {
  let font = fonts.get(face);
  if (!font) {
    font = create(fontBytes(face, 'regular')) as Font;
    fonts.set(face, font);
  }
  return font.hasGlyphForCodePoint(cp);
}

/** The face a Han character takes in a statement of `lang`. */
export function hanFace(lang: Lang): Face {
  return lang === 'ja' ? 'jp' : lang === 'ko' ? 'kr' : 'sc';
}

/**
 * The face that draws code point `cp`, or null for a neutral one (ASCII space, digit or punctuation),
 * which goes with the text around it. Anything not Thai, CJK or hangul is drawn with Noto Sans.
 */
export function faceOf(cp: number, han: Face): Face | null {
  if (cp < 0x80) {
    const letter = (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);
    return letter ? 'latin' : null;
  }
  if (cp < 0x0e00) return cp === 0xa0 ? null : 'latin';
  if (cp <= 0x0e7f) return 'thai';
  if (cp < 0x1100) return 'latin';
  if (cp <= 0x11ff) return 'kr';
  if (cp < 0x2e80) return 'latin';
  if ((cp >= 0x3040 && cp <= 0x30ff) || (cp >= 0x31f0 && cp <= 0x31ff) || (cp >= 0xff65 && cp <= 0xff9f))
    return 'jp';
  if ((cp >= 0x3130 && cp <= 0x318f) || (cp >= 0xa960 && cp <= 0xa97f) || (cp >= 0xac00 && cp <= 0xd7ff))
    return 'kr';
  if (
    cp <= 0x9fff ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xffef) ||
    (cp >= 0x20000 && cp <= 0x3ffff)
  )
    return han;
  return 'latin';
}

const FALLBACK: readonly Face[] = ['latin', 'sc', 'jp', 'kr', 'thai'];
const chosen = new Map<string, Face | null>();

/** faceOf, then the first face that has the glyph when that one lacks it (remembered per code point). */
function faceFor(cp: number, han: Face): Face | null {
  const first = faceOf(cp, han);
  if (first === null || (first === 'latin' && cp < 0x0250)) return first;
  const key = `${han}${cp}`;
  let face = chosen.get(key);
  if (face === undefined) {
    face = covers(first, cp) ? first : (FALLBACK.find((f) => f !== first && covers(f, cp)) ?? first);
    if (chosen.size > 100_000) chosen.clear();
    chosen.set(key, face);
  }
  return face;
}

export interface Run {
  face: Face;
  text: string;
}

const LATIN_ONLY = /^(?:[\u0020-\u024f\u1e00-\u1eff\u2000-\u206f\u20a0-\u20cf]|[\u0300-\u036f])*$/;

/**
 * `text` cut into runs of one face each: a neutral character joins the run before it (the first
 * run's neutral start joins the run after it; a text of neutrals only is Latin).
 */
export function runsOf(text: string, han: Face): Run[] {
  if (LATIN_ONLY.test(text)) return text ? [{ face: 'latin', text }] : [];
  const runs: Run[] = [];
  let face: Face | null = null;
  let current = '';
  for (const ch of text) {
    const f = faceFor(ch.codePointAt(0)!, han);
    if (f === null || f === face || face === null) {
      current += ch;
      if (face === null) face = f;
      continue;
    }
    runs.push({ face, text: current });
    face = f;
    current = ch;
  }
  if (current) runs.push({ face: face ?? 'latin', text: current });
  return runs;
}
