import { useEffect, useState } from 'react';

/** Spec 000 §9: the tour starts 1 s after the dashboard finds no device. */
export const TOUR_DELAY_MS = 1_000;
export const tourCompletedKey = (product: string) => `tour-completed-${product}`;

/**
 * The guided-tour trigger of spec 000 §2.7: on a dashboard without devices, once, 1 s after
 * load, and never again once marked completed. The tour itself comes later; this only decides
 * when it starts and remembers that it did.
 */
export function useTourTrigger(product: string, noDevices: boolean): boolean {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (!noDevices || localStorage.getItem(tourCompletedKey(product)) === 'true') return;
    const timer = setTimeout(() => {
      localStorage.setItem(tourCompletedKey(product), 'true');
      setStarted(true);
    }, TOUR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [product, noDevices]);
  return started;
}
