import { Alert, Paper, Stack } from '@mantine/core';
import { canWriteConfig, deviceOptions, type DiagnosticKind } from '@netloom/domain';
import { EmptyState } from '@/components/empty-state';
import { ConfigPageHeader } from '@/components/feedback/config-page-header';
import { toast } from '@/components/feedback/toast';
import { GatewayPicker, useStatusDevice } from '@/components/gateway-picker';
import { RoutedTabs, useRoutedTab, type RoutedTab } from '@/components/routed-tabs';
import { useFleetDevices } from '@/lib/live/get-fleet-devices';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantScope } from '@/lib/tenant-scope';
import { useDownloadCapture } from '@/features/diagnostics/api/download-capture';
import { useGatewayInterfaces } from '@/features/diagnostics/api/get-gateway-interfaces';
import { useStartDiagnostic } from '@/features/diagnostics/api/start-diagnostic';
import { useStopDiagnostic } from '@/features/diagnostics/api/stop-diagnostic';
import { DiagnosticForm } from '@/features/diagnostics/components/diagnostic-form';
import { RunStatus } from '@/features/diagnostics/components/run-status';
import { TerminalView } from '@/features/diagnostics/components/terminal-view';
import { useDiagnosticStream } from '@/features/diagnostics/hooks/use-diagnostic-stream';

interface DiagnosticTab extends RoutedTab {
  kind: DiagnosticKind;
}
/** The spec's tabs (ping, dns, tcpDump, throughput), and a traceroute beside the ping. */
const TABS: readonly [DiagnosticTab, ...DiagnosticTab[]] = [
  { route: 'ping', label: 'Ping', kind: 'ping' },
  { route: 'traceroute', label: 'Traceroute', kind: 'traceroute' },
  { route: 'dns', label: 'DNS lookup', kind: 'dns' },
  { route: 'tcpDump', label: 'Packet capture', kind: 'capture' },
  { route: 'throughput', label: 'Throughput', kind: 'throughput' },
];

/**
 * SD-WAN Gateway → Configure → Diagnostics (spec 000 §2.16 `sdwan/device/configure/diagnostics`):
 * run one diagnostic at a time on a gateway and watch its output arrive in a terminal.
 */
export function DiagnosticsPage() {
  const user = useCurrentUser();
  const tid = useTenantScope();
  const deviceId = useStatusDevice();
  const { tab, open } = useRoutedTab(TABS);
  const { run, query } = useDiagnosticStream(deviceId);
  const interfaces = useGatewayInterfaces(deviceId);
  const gateways = useFleetDevices(tid, null, 'device');
  const start = useStartDiagnostic(deviceId);
  const stop = useStopDiagnostic(deviceId);
  const download = useDownloadCapture(deviceId);
  if (!user) return null;
  const writer = canWriteConfig(user);
  const running = run?.state === 'running';
  // Labelled over the whole fleet: the gateway itself may be the other 'branch' a peer is named after.
  const peers = deviceOptions(gateways.data ?? []).filter((o) => o.value !== deviceId);

  return (
    <>
      <ConfigPageHeader
        title="Diagnostics"
        subtitle="Ping, trace, look up, capture and measure from the gateway itself"
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
      />
      <Paper withBorder p="md">
        <Stack gap="md">
          <GatewayPicker deviceId={deviceId} />
          {!deviceId ? (
            <EmptyState title="Please Select Device" description="Choose a gateway to run diagnostics on." />
          ) : (
            <>
              <RoutedTabs tabs={TABS} value={tab.route} onChange={open}>
                {writer ? (
                  <DiagnosticForm
                    key={`${deviceId}-${tab.kind}`}
                    kind={tab.kind}
                    interfaces={interfaces.data ?? []}
                    peers={peers}
                    running={running}
                    onStart={(params) => start.mutateAsync(params)}
                  />
                ) : (
                  <Alert variant="light">Viewers see the gateway&apos;s diagnostics; editors and above run them.</Alert>
                )}
              </RoutedTabs>
              {run ? (
                <Stack gap="xs">
                  <RunStatus
                    run={run}
                    canWrite={writer}
                    stopping={stop.isPending}
                    onStop={() => void stop.mutateAsync(run.id).catch(() => toast.error())}
                    onDownload={() => void download.mutateAsync(run.id).catch(() => toast.error())}
                  />
                  <TerminalView text={run.output} label={`Output of the ${run.kind}`} />
                </Stack>
              ) : (
                <EmptyState title="No diagnostic yet" description="Run one above: its output appears here as it comes." />
              )}
            </>
          )}
        </Stack>
      </Paper>
    </>
  );
}
