import { useCallback, useState } from 'react';

/** The ids ticked in a list (products to distribute, listings to shelve or remove, orders to pick up). */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = useCallback(
    (id: number) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setSelected(new Set()), []);
  /** Ticks all of `ids`, or unticks them all when every one is ticked already. */
  const toggleAll = useCallback(
    (ids: number[]) =>
      setSelected((prev) => (ids.length > 0 && ids.every((id) => prev.has(id)) ? new Set() : new Set(ids))),
    [],
  );
  return { selected, ids: [...selected], toggle, clear, toggleAll };
}
