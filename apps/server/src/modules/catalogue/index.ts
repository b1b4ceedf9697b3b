// The catalogue module's door: what other modules (and app.ts, cli/, plugins/) may import of it.
import { catalogueRepository } from './catalogue.repository';
import { featuredRepository } from './featured.repository';
import { levelsRepository } from './levels.repository';

export type { ImageRow } from './catalogue.repository';
export { detailOf, thumbOf } from './catalogue.views';
export { featuredAt } from './featured.repository';

export { decode, messageOf } from './import-csv';

export { ListingsService } from './listings.service';

/** What other modules may read of products: texts in a language and images. */
export const products = {
  texts: catalogueRepository.texts,
  firstImages: catalogueRepository.firstImages,
  images: catalogueRepository.images,
};

/** Of `productIds`, those the merchant has featured (an express-lane purchase) at `now`. */
export const featuredNow = featuredRepository.featuredNow;

/** A merchant's level terms, and the base level a new shop starts with (registration, seed). */
export const merchantLevels = {
  terms: levelsRepository.terms,
  giveBaseLevel: levelsRepository.giveBaseLevel,
};
export { seedCatalogue } from './catalogue.seed';
