import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { isIPv4 } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { EmptyState } from '@/components/empty-state';
import { Fact } from '@/components/fact';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { useNdrHostTimeline } from '@/features/ndr/api/get-ndr-host-timeline';
import { DetectionsTable } from '@/features/ndr/components/detections-table';
import { DnsRecordsTable, FlowRecordsTable, IdsRecordsTable } from '@/features/ndr/components/record-tables';
import { SeverityBadge } from '@/features/ndr/components/severity-badge';
import { NdrWindowPicker } from '@/features/ndr/components/window-picker';
import { useNdrWindow } from '@/features/ndr/hooks/use-ndr-window';

/**
 * A host's timeline: its risk, the users behind it, and in the window its detections, flows, DNS
 * queries and IDS alerts, newest first.
 */
export function NdrHostPage() {
  const { hostIp = '' } = useParams();
  const [params] = useSearchParams();
  const deviceId = params.get('device_id') ?? undefined;
  const [window, setWindow] = useNdrWindow();
  const user = useCurrentUser();
  const timezone = user?.timezone ?? null;
  const valid = isIPv4(hostIp);
  const timeline = useNdrHostTimeline({ host_ip: valid ? hostIp : '', device_id: deviceId, window });
  if (!valid) return <EmptyState title="No such host" description={`${hostIp} is not an address.`} />;
  const t = timeline.data;
  return (
    <>
      <PageHeader
        title={`Host ${hostIp}`}
        subtitle="What the host did in the window: its detections, flows, DNS queries and IDS alerts"
        actions={<NdrWindowPicker value={window} onChange={setWindow} />}
      />
      {timeline.isError ? (
        <ErrorPanel onRetry={() => void timeline.refetch()} />
      ) : !t ? (
        <CardSkeleton height={320} />
      ) : (
        <Stack gap="md">
          <Paper withBorder p="md" component="section" aria-label="Host">
            <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
              <div>
                <Text size="xs" c="dimmed">
                  Risk
                </Text>
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    {t.host.score}
                  </Text>
                  <SeverityBadge severity={t.host.level} />
                  {t.host.quarantined && (
                    <Badge size="sm" color="red" variant="filled">
                      Quarantined
                    </Badge>
                  )}
                </Group>
              </div>
              <Fact label={t.host.users.length > 1 ? 'Users' : 'User'} value={t.host.users.join(', ') || '—'} />
              <Fact label="Seen by" value={t.host.device_name ?? '—'} />
              <Fact label="Detections" value={String(t.detections.length)} />
              <div>
                <Text size="xs" c="dimmed">
                  Response
                </Text>
                <Anchor component={Link} to={`${paths.ndr.actions}?host=${hostIp}`} size="sm">
                  Actions about this host
                </Anchor>
              </div>
            </SimpleGrid>
          </Paper>
          <Paper withBorder p="md">
            <Tabs defaultValue="detections" keepMounted={false}>
              <Tabs.List mb="sm">
                <Tabs.Tab value="detections">{`Detections (${t.detections.length})`}</Tabs.Tab>
                <Tabs.Tab value="flows">{`Flows (${t.flows.length})`}</Tabs.Tab>
                <Tabs.Tab value="dns">{`DNS queries (${t.dns.length})`}</Tabs.Tab>
                <Tabs.Tab value="ids">{`IDS alerts (${t.ids.length})`}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="detections">
                <DetectionsTable detections={t.detections} loading={false} timezone={timezone} label="Detections of the host" />
              </Tabs.Panel>
              <Tabs.Panel value="flows">
                <FlowRecordsTable rows={t.flows} timezone={timezone} label="Flows of the host" empty="No flow of the host in this window." />
              </Tabs.Panel>
              <Tabs.Panel value="dns">
                <DnsRecordsTable rows={t.dns} timezone={timezone} label="DNS queries of the host" empty="No DNS query of the host in this window." />
              </Tabs.Panel>
              <Tabs.Panel value="ids">
                <IdsRecordsTable rows={t.ids} timezone={timezone} label="IDS alerts of the host" empty="No IDS alert about the host in this window." />
              </Tabs.Panel>
            </Tabs>
          </Paper>
        </Stack>
      )}
    </>
  );
}
