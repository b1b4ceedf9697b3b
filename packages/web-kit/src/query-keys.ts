/**
 * The query-key factory of every app (Medusa's `queryKeysFactory`): each key starts with its
 * domain, so `xKeys.all` reaches every query of that domain, and a key of a list ends with its
 * filters. Each app keeps its own domains' keys (apps/web and apps/admin `lib/query-keys.ts`); only
 * the shape is shared, so a key means the same thing in every app.
 *
 * No key holds the session token: signing out clears the whole cache.
 */
export function queryKeysFactory<const D extends string>(domain: D) {
  const all = [domain] as const;
  return {
    all,
    /** A resource that takes no parameters: the merchant's info, the deposit networks. */
    one: <const N extends string>(name: N) => [domain, name] as const,
    /** The lists of a resource, whatever their filters (a prefix of `list`). */
    lists: <const N extends string>(name: N) => [domain, name, 'list'] as const,
    /** One list of a resource; pages are the infinite query's, not the key's. */
    list: <const N extends string, F extends object>(name: N, filters: F) =>
      [domain, name, 'list', filters] as const,
    /** One item of a resource. */
    detail: <const N extends string>(name: N, id: string | number) => [domain, name, 'detail', id] as const,
  };
}
