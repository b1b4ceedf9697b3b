import { SEARCH_MIN_INDEXED_CHARS } from '@dropdesk/contract/catalogue';
import { foldText } from '@dropdesk/contract/fold';

/**
 * The pieces every text search shares (titles, shop names, order titles), whatever the module:
 * searched texts have a folded twin (migration 015), so a keyword is folded the same way.
 */

/** The keyword holds at least one trigram, so the engines' indexes can answer it. */
export function isIndexed(keyword: string): boolean {
  return [...searchKey(keyword)].length >= SEARCH_MIN_INDEXED_CHARS;
}

/**
 * What a keyword is searched as: folded like the stored texts' twins ("VIỆT" → "viet", "Điện" →
 * "dien"). A keyword of marks alone, which folds to nothing, is searched as typed.
 */
export function searchKey(keyword: string): string {
  const folded = foldText(keyword.trim());
  return folded === '' ? keyword.trim().toLowerCase() : folded;
}

/** `%`, `_` and `\` stand for themselves in a LIKE pattern (escape character `\`). */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
