import { useEffect, useState } from 'react';
import { LIVE_DIAGNOSTICS_FEED, type DiagnosticLiveEvent, type DiagnosticRun } from '@netloom/domain';
import { useFeedSocket } from '@/lib/live/use-feed-socket';
import { useTenantScope } from '@/lib/tenant-scope';
import { useLatestDiagnostic } from '@/features/diagnostics/api/get-latest-diagnostic';

const isEvent = (v: unknown): v is DiagnosticLiveEvent =>
  typeof v === 'object' && v !== null && ((v as { kind?: unknown }).kind === 'diagnostic_output' || (v as { kind?: unknown }).kind === 'diagnostic_run');

/**
 * The gateway's newest diagnostic as it runs: what the server kept so far, then each piece of
 * output from the live feed as it comes. A piece out of order (one was missed while the socket
 * was down) or the run's end reads the run again, so the view always ends on the server's whole text.
 */
export function useDiagnosticStream(deviceId: string | null) {
  const tid = useTenantScope();
  const latest = useLatestDiagnostic(deviceId);
  const [run, setRun] = useState<DiagnosticRun | null>(null);
  const { refetch } = latest;

  useEffect(() => setRun(latest.data?.run ?? null), [latest.data]);

  useFeedSocket(tid, LIVE_DIAGNOSTICS_FEED, {
    onOpen: () => void (deviceId && refetch()),
    onMessage: (json) => {
      if (!isEvent(json) || json.device_id !== deviceId) return;
      if (json.kind === 'diagnostic_run') {
        void refetch();
        return;
      }
      setRun((current) => {
        if (!current || current.id !== json.run_id || json.chunk < current.chunks) return current;
        if (json.chunk > current.chunks) {
          void refetch();
          return current;
        }
        return { ...current, output: current.output + json.data, chunks: current.chunks + 1 };
      });
    },
  });

  return { run, query: latest };
}
