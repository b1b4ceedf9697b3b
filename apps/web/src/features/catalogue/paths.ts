import { paths } from '../../lib/paths';

/** The catalogue's screen paths (lib/paths.ts, as the specification's route table spells them). */
export const cataloguePaths = {
  product: paths.product,
  distribution: paths.distribution,
  goods: paths.goods,
  goodsDetail: paths.goodsDetail,
  level: paths.level,
} as const;

/** A listing's detail (product management). */
export const listingPath = (id: number) => `${cataloguePaths.goodsDetail}?id=${id}`;

/** A catalogue product's detail (the distribution centre). */
export const productPath = (productId: number) => `${cataloguePaths.goodsDetail}?product_id=${productId}`;
