import { useEffect, useState } from 'react';
import { reportAge, type StatusKind } from '@netloom/domain';
import { useDeviceStatus, useRefreshStatus } from '@/features/device-status/api/device-status';

/** How long a page waits for the snapshot it asked for before showing what it has. */
const WAIT_MS = 15_000;

/**
 * The newest snapshot of a kind, and a fresh one asked for when the page (or the device, or the
 * kind) opens and whenever `ask` is called; `waiting` until it arrived or 15 s went by.
 */
export function useFreshSnapshot(deviceId: string | null, kind: StatusKind) {
  const [askedAt, setAskedAt] = useState<number | null>(null);
  const status = useDeviceStatus(deviceId, kind, askedAt !== null);
  const refresh = useRefreshStatus(deviceId, kind);
  const ask = () => {
    if (!deviceId) return;
    setAskedAt(Date.now());
    refresh.mutate();
  };
  useEffect(ask, [deviceId, kind]); // eslint-disable-line react-hooks/exhaustive-deps
  const at = status.data?.at ?? null;
  useEffect(() => {
    if (askedAt !== null && (Date.now() - askedAt > WAIT_MS || (at && Date.parse(at) >= askedAt - 1000))) setAskedAt(null);
  }, [at, askedAt, status.dataUpdatedAt]);
  return { status, at, snapshot: status.data?.snapshot ?? null, waiting: askedAt !== null, ask };
}

/** The current time, ticking every 5 s: ages on the page stay true without a refetch. */
export function useNow(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** How old a snapshot is, in the words a person uses (the domain's one rule for report ages). */
export const age = (at: string, now: number): string => reportAge(at, now);

/** An uptime as days, hours and minutes. */
export function upFor(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  return d > 0 ? `${d} d ${h} h` : h > 0 ? `${h} h ${m} min` : `${m} min`;
}
