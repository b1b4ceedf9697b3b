import { api } from './api';
import { save } from './storage';

/**
 * Records a view of a shop's page or of one of its products. The visitor is not named here: the
 * server set its visitor id with the page, in an HttpOnly cookie this script can't read, and the
 * browser sends it with the call (docs/dashboard.md "Visitors"). A failed count never bothers the buyer.
 */
export function recordVisit(shop: number): void {
  // The id this page used to make up and keep (before the server issued them) counts nothing now.
  save('visitor', null);
  api('visit', { body: { shop } }).catch(() => undefined);
}
