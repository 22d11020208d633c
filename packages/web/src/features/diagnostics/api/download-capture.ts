import { useMutation } from '@tanstack/react-query';
import { DIAGNOSTIC_PATHS } from '@netloom/domain';
import { downloadFile } from '@/lib/http/download-file';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';

/** Saves a capture's pcap under the server's name (`<device>-<time>.pcap`). */
export function useDownloadCapture(deviceId: string | null) {
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (runId: string) => downloadFile(DIAGNOSTIC_PATHS.capture(deviceId!, runId), 'capture.pcap', tidQuery(tid)),
  });
}
