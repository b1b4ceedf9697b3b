import type { catalogueRoutes } from '@dropdesk/contract/catalogue';
import type { DataOf } from '@dropdesk/contract/route';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { catalogueKeys } from '../../../lib/query-keys';

type R = typeof catalogueRoutes.detail;
export type ProductDetail = DataOf<R>;

/** A listing (product management's `id`) or a catalogue product (the distribution centre's `product_id`). */
export type DetailRef = { id: number } | { product_id: number };

/** GET product/detail: images, prices at the merchant's margin, stock, and this shop's listing of it. */
export const getDetail = (ref: DetailRef) =>
  // Quiet: the screen shows a failure (a removed listing's NOT_FOUND too) in place, with a retry.
  call<R>(
    { method: 'GET', path: '/merchant/product/detail' },
    {
      query: 'id' in ref ? { id: String(ref.id) } : { product_id: String(ref.product_id) },
      quiet: true,
    },
  );

export const detailQuery = (ref: DetailRef) =>
  queryOptions({
    queryKey: 'id' in ref ? catalogueKeys.listing(ref.id) : catalogueKeys.product(ref.product_id),
    queryFn: () => getDetail(ref),
  });

export const useDetail = (ref: DetailRef) => useQuery(detailQuery(ref));
