import { api } from './api';
import { load, randomHex, save } from './storage';

/**
 * This browser's visitor id: 32 random hex digits, kept in local storage, so the server counts one
 * visit per visitor, shop and day (DESIGN §5). It names a browser, not a person.
 */
export function visitorId(): string {
  let id = load('visitor');
  if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
    id = randomHex();
    save('visitor', id);
  }
  return id;
}

/** Records a view of a shop's page or of one of its products. A failed count never bothers the buyer. */
export function recordVisit(shop: number): void {
  api('visit', { body: { shop, visitor: visitorId() } }).catch(() => undefined);
}
