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
