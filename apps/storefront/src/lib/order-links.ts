import { loadJson, save } from './storage';

/**
 * A guest's order links (order id + token from checkout), kept on this device so the buyer can come
 * back to an order without signing in. The newest first; a few dozen at most.
 */
export interface OrderLink {
  id: number;
  token: string;
  order_no: string;
  title: string;
}

const MAX_LINKS = 30;

export function orderLinks(): OrderLink[] {
  const links = loadJson<unknown>('orders', []);
  return Array.isArray(links) ? (links as OrderLink[]) : [];
}

export function keepOrderLink(link: OrderLink): void {
  const rest = orderLinks().filter((l) => l.id !== link.id);
  save('orders', JSON.stringify([link, ...rest].slice(0, MAX_LINKS)));
}

export function orderToken(id: number): string | null {
  return orderLinks().find((l) => l.id === id)?.token ?? null;
}

/** The link a guest keeps: this page's address with the token (`/s/order/<id>?t=<token>`). */
export function orderUrl(id: number, token: string): string {
  return `${location.origin}/s/order/${id}?t=${encodeURIComponent(token)}`;
}

/**
 * The token of checkout's `order_token`: the contract calls it the order's link token; should the
 * server send the whole link (`/s/order/<id>?t=<token>`), its `t` is taken.
 */
export function tokenOf(orderToken: string | null): string | null {
  if (!orderToken) return null;
  const i = orderToken.indexOf('?');
  if (i < 0) return orderToken;
  return new URLSearchParams(orderToken.slice(i + 1)).get('t');
}
