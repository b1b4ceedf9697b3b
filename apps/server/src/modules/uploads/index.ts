// The uploads module's door: what other modules (and app.ts, cli/, plugins/) may import of it.
import { uploadsRepository } from './uploads.repository';

export { type FileLink, PrivateLinks } from './private-links';
export { sniff } from './uploads.service';

/** What other modules may read of uploads: the rows their own records point at. */
export const uploadRows = { byId: uploadsRepository.byId, byIds: uploadsRepository.byIds };
