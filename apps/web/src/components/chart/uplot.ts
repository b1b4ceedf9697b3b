import { type RefObject, useEffect, useRef } from 'react';
import { type ChartSpec, mountUPlot } from './uplot-core';

// uPlot for the React charts' lazy chunks: ONLY a module loaded with React.lazy may import this
// one, so the library stays out of every screen's own chunk (see `uplot-core.ts`).

/**
 * Draws `spec` in `box` (again when spec changes: memoise it), follows the box's width, and tells
 * `onPoint` the index under the pointer (null when it leaves, or the chart goes).
 */
export function useUPlot(
  box: RefObject<HTMLDivElement | null>,
  spec: ChartSpec,
  onPoint: (index: number | null) => void,
) {
  const point = useRef(onPoint);
  point.current = onPoint;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const remove = mountUPlot(el, spec, (index) => point.current(index));
    return () => {
      remove();
      point.current(null);
    };
  }, [box, spec]);
}
