import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has been idle after it (`latestMs` at the
 * latest). Parts that bring a heavy library (the map, the charts) wait for it, so the first paint
 * of a page does not wait for them.
 */
export function useAfterFirstPaint(latestMs = 2_000): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const id = setTimeout(() => setReady(true), 0);
      return () => clearTimeout(id);
    }
    const id = window.requestIdleCallback(() => setReady(true), { timeout: latestMs });
    return () => window.cancelIdleCallback(id);
  }, [latestMs]);
  return ready;
}
