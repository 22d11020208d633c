import { SlaStatusPage } from '@/features/device-status/pages/sla-status-page';
import { WanTraffic } from '@/features/traffic/components/wan-traffic';
import { useRefreshTraffic } from '@/features/traffic/api/get-traffic-graph';
import { useCurrentUser } from '@/lib/session/session-store';

/** SD-WAN Gateway → SLA with its WAN traffic tab, which traffic analytics draws. Composition only. */
export function SlaStatusRoute() {
  const timezone = useCurrentUser()?.timezone ?? null;
  const refresh = useRefreshTraffic();
  return <SlaStatusPage wanTraffic={{ render: (deviceId) => <WanTraffic deviceId={deviceId} timezone={timezone} />, onRefresh: refresh }} />;
}
