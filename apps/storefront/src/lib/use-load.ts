import { type DependencyList, useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Asks again (the error state's "Try again"). */
  reload: () => void;
  /** Replaces the data with a fresher copy (an action's answer). */
  setData: (data: T) => void;
}

/**
 * One read for a page: loading, data or error, dropped when the page leaves or its inputs change.
 * Small on purpose: the storefront has a handful of reads and no cache to share between pages.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names the inputs of `load`
  useEffect(() => {
    const ctl = new AbortController();
    setState((s) => ({ data: s.data, loading: true }));
    load(ctl.signal).then(
      (data) => ctl.signal.aborted || setState({ data, loading: false }),
      (error: unknown) => ctl.signal.aborted || setState({ error, loading: false }),
    );
    return () => ctl.abort();
  }, [...deps, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const setData = useCallback((data: T) => setState({ data, loading: false }), []);
  return { data: state.data, error: state.error, loading: state.loading, reload, setData };
}

export interface Pages<T> {
  /** Every row loaded so far, page after page (a row already shown is not repeated). */
  items: T[];
  total: number;
  loading: boolean;
  error: unknown;
  /** Asks for the failed page again. */
  retry: () => void;
  /** Loads the next page ("Show more"). */
  more: () => void;
  /** Whether rows are left to load and nothing is in the way. */
  hasMore: boolean;
}

/**
 * A list read page by page ("Show more"): page 1 replaces what was shown, a later page appends.
 * The shop's products and the buyer's orders both read this way.
 */
export function usePages<T extends { id: number }>(
  load: (page: number, signal: AbortSignal) => Promise<{ list: T[]; total: number }>,
  deps: DependencyList,
): Pages<T> {
  const [items, setItems] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names the inputs of `load`; `round` re-runs a failed page
  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    setError(null);
    load(page, ctl.signal).then(
      (res) => {
        if (ctl.signal.aborted) return;
        setItems((prev) =>
          page === 1 ? res.list : [...prev, ...res.list.filter((row) => !prev.some((p) => p.id === row.id))],
        );
        setTotal(res.total);
        setLoading(false);
      },
      (e: unknown) => {
        if (ctl.signal.aborted) return;
        setError(e);
        setLoading(false);
      },
    );
    return () => ctl.abort();
  }, [...deps, page, round]);
  const retry = useCallback(() => setRound((r) => r + 1), []);
  const more = useCallback(() => setPage((n) => n + 1), []);
  return { items, total, loading, error, retry, more, hasMore: !loading && !error && items.length < total };
}
