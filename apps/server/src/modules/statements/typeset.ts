import type { Lang } from '@dropdesk/contract/constants';
import { type Face, fontBytes, hanFace, runsOf, type Weight } from './fonts';

type Doc = PDFKit.PDFDocument;

/** Characters a line may break after or before, as in CJK text, which puts no spaces between words. */
const CJK_CHAR = /[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/u;
const TOKENS =
  /\s+|[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]|[^\s\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]+/gu;
const ELLIPSIS = '…';

/**
 * Words on a PDF page in any of the statements' scripts: each text is cut into runs of one face
 * (fonts.ts) and each run drawn in its Noto font, registered with the document when first needed, so
 * a Thai statement embeds Noto Sans Thai (and Noto Sans for its Latin), and a Chinese shop name in an
 * English statement brings Noto Sans SC in. Positions are baselines, so runs of fonts with different
 * ascents stay on one line.
 */
export class Typeset {
  private readonly han: Face;
  private readonly registered = new Set<string>();
  /** Fitted words (types, accounts, statuses) repeat on every row: their cut is computed once. */
  private readonly fitted = new Map<string, string>();

  constructor(
    private readonly doc: Doc,
    lang: Lang,
  ) {
    this.han = hanFace(lang);
  }

  private use(face: Face, weight: Weight, size: number): void {
    const name = `${face}-${weight}`;
    if (!this.registered.has(name)) {
      this.doc.registerFont(name, fontBytes(face, weight));
      this.registered.add(name);
    }
    this.doc.font(name).fontSize(size);
  }

  private runs(text: string) {
    return runsOf(text.normalize('NFC').replace(/\s+/g, ' '), this.han);
  }

  /** The width of `text` on one line. */
  width(text: string, size: number, weight: Weight = 'regular'): number {
    let width = 0;
    for (const run of this.runs(text)) {
      this.use(run.face, weight, size);
      width += this.doc.widthOfString(run.text);
    }
    return width;
  }

  /** Draws `text` on one line from `x` on baseline `y`; returns its width. */
  draw(text: string, x: number, y: number, size: number, weight: Weight = 'regular'): number {
    let cx = x;
    const runs = this.runs(text);
    for (const [i, run] of runs.entries()) {
      this.use(run.face, weight, size);
      this.doc.text(run.text, cx, y, { lineBreak: false, baseline: 'alphabetic' });
      if (i < runs.length - 1) cx += this.doc.widthOfString(run.text);
    }
    return cx - x;
  }

  /** Draws `text` on one line ending at `right`. */
  drawRight(text: string, right: number, y: number, size: number, weight: Weight = 'regular'): void {
    this.draw(text, right - this.width(text, size, weight), y, size, weight);
  }

  /** `text` if it fits in `max`, else its longest start that fits with an ellipsis after it. */
  fit(text: string, max: number, size: number, weight: Weight = 'regular'): string {
    const key = `${size}|${max}|${weight}|${text}`;
    const known = this.fitted.get(key);
    if (known !== undefined) return known;
    const result = this.width(text, size, weight) <= max ? text : this.cut(text, max, size, weight);
    if (this.fitted.size > 2_000) this.fitted.clear();
    this.fitted.set(key, result);
    return result;
  }

  /** The longest start of `text` (all of it, at most) that fits in `max` with an ellipsis after it. */
  private cut(text: string, max: number, size: number, weight: Weight): string {
    const chars = Array.from(text);
    let lo = 0;
    let hi = chars.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (this.width(chars.slice(0, mid).join('') + ELLIPSIS, size, weight) <= max) lo = mid;
      else hi = mid - 1;
    }
    return chars.slice(0, lo).join('').trimEnd() + ELLIPSIS;
  }

  /**
   * `text` broken into lines of at most `max` wide: at spaces and line breaks, between CJK characters,
   * and inside a word only when the word alone is too wide. At most `maxLines`, the last one then
   * ending in an ellipsis.
   */
  wrap(text: string, max: number, size: number, weight: Weight = 'regular', maxLines = Infinity): string[] {
    const lines: string[] = [];
    let line = '';
    let width = 0;
    const flush = () => {
      if (line.trim()) lines.push(line.trimEnd());
      line = '';
      width = 0;
    };
    for (const paragraph of text.normalize('NFC').split(/\r\n|\r|\n/)) {
      for (const token of paragraph.match(TOKENS) ?? []) {
        const space = /^\s+$/u.test(token);
        if (space && line === '') continue;
        const w = this.width(token, size, weight);
        if (width + w <= max) {
          line += space ? ' ' : token;
          width += w;
          continue;
        }
        flush();
        if (space) continue;
        if (w <= max || CJK_CHAR.test(token)) {
          line = token;
          width = w;
          continue;
        }
        // A word wider than the line: cut it where it must be.
        for (const ch of token) {
          const cw = this.width(ch, size, weight);
          if (width + cw > max && line) flush();
          line += ch;
          width += cw;
        }
      }
      flush();
    }
    if (lines.length <= maxLines) return lines;
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = this.cut(kept[maxLines - 1]!, max, size, weight);
    return kept;
  }
}
