/**
 * A shop's link as the page may send a buyer to it, or null: https only, with no spaces. The server
 * sends nothing else (contract/shop.ts `isHttpsLink`, checked when saved and again when served); a
 * link is checked here once more because it becomes an `href`, where `javascript:` would run.
 */
export function safeLink(value: string | null | undefined): string | null {
  return value && /^https:\/\/[^\s/?#]+\.[^\s]*$/i.test(value) ? value : null;
}
