import { useMemo } from 'react';
import { Anchor, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { IOT_HEALTH_DEFAULTS, IOT_NEW_DEVICE_MS, type IotDevice } from '@netloom/domain';
import { PieChart } from '@/components/charts/pie-chart';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { useIotDevices } from '@/features/iot/api/get-iot-devices';
import { useIotProfiles } from '@/features/iot/api/get-iot-profiles';
import { useIotSummary } from '@/features/iot/api/get-iot-summary';
import { DevicesTable } from '@/features/iot/components/devices-table';
import { FigureTile } from '@/features/iot/components/figure-tile';
import { GatewaysTable } from '@/features/iot/components/gateways-table';
import { HEALTH_LOOK } from '@/features/iot/components/iot-labels';
import { inventorySlices } from '@/features/iot/components/inventory-summary';

/** The lists of the overview show this many devices; the devices page has the rest. */
const LIST_MAX = 10;

function Section({ title, link, children }: { title: string; link?: { to: string; label: string }; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {link && (
          <Anchor component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        )}
      </Group>
      {children}
    </Paper>
  );
}

/**
 * The IoT Gateway's dashboard: the devices the gateways discovered by class and vendor, each
 * gateway's devices, what is new, which devices went silent (their reports or telemetry stale),
 * and which deviate from their class's communication profile. The figures count the whole
 * inventory on the server; each list is the first page of the devices in its order.
 */
export function IotOverviewPage() {
  const user = useCurrentUser();
  const timezone = user?.timezone ?? null;
  const navigate = useNavigate();
  const summary = useIotSummary();
  const newest = useIotDevices({ sort: 'first_seen', page: 1, page_size: LIST_MAX });
  const silent = useIotDevices({ health: 'silent', sort: 'silent', page: 1, page_size: LIST_MAX });
  const deviating = useIotDevices({ deviating: 'true', sort: 'deviations', page: 1, page_size: LIST_MAX });
  const profiles = useIotProfiles();
  const slices = useMemo(() => (summary.data ? inventorySlices(summary.data) : null), [summary.data]);
  const fresh = useMemo(() => (newest.data?.results ?? []).filter((d) => Date.now() - Date.parse(d.first_seen) < IOT_NEW_DEVICE_MS), [newest.data]);
  const open = (d: { id: string }) => void navigate(paths.iot.device(d.id));
  const enforcing = (profiles.data ?? []).filter((p) => p.state === 'enforcing').length;
  const list = (label: string, loading: boolean, devices: IotDevice[], empty: { title: string; description: string }) => (
    <DevicesTable label={label} devices={devices} loading={loading} timezone={timezone} onOpen={open} empty={empty} />
  );

  const s = summary.data;
  return (
    <>
      <PageHeader title="IoT Gateway" subtitle="The devices your gateways discover on their LANs, their health and how they behave" />
      {summary.isError ? (
        <ErrorPanel onRetry={() => void summary.refetch()} />
      ) : !s || !slices ? (
        <CardSkeleton height={120} />
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <FigureTile label="Devices" note={`On ${s.gateways.length} gateway${s.gateways.length === 1 ? '' : 's'}, in ${s.by_class.length} classes`}>
              <Anchor component={Link} to={paths.iot.devices} inherit>
                {s.devices.toLocaleString()}
              </Anchor>
            </FigureTile>
            <FigureTile label="New" note="First seen in the last 24 hours">
              {s.new_24h.toLocaleString()}
            </FigureTile>
            <FigureTile
              label="Stale or offline"
              note={`${HEALTH_LOOK.stale.label} ${s.health.stale} · ${HEALTH_LOOK.offline.label} ${s.health.offline} · Battery low ${s.health.battery_low}`}
            >
              <Anchor component={Link} to={`${paths.iot.devices}?health=silent`} inherit c={s.health.stale + s.health.offline > 0 ? 'orange' : undefined}>
                {(s.health.stale + s.health.offline).toLocaleString()}
              </Anchor>
            </FigureTile>
            <FigureTile label="Deviating" note={`Profiles enforced for ${enforcing} of ${(profiles.data ?? []).length} classes`}>
              <Anchor component={Link} to={`${paths.iot.devices}?deviating=true`} inherit c={s.deviating > 0 ? 'red' : undefined}>
                {s.deviating.toLocaleString()}
              </Anchor>
            </FigureTile>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <PieChart title="Devices by class" data={slices.byClass} donut labelPosition="outside" />
            <PieChart title="Devices by vendor" data={slices.byVendor} donut labelPosition="outside" />
          </SimpleGrid>
          <Section title="Gateways">
            <GatewaysTable gateways={s.gateways} />
          </Section>
          <Section title="New devices" link={{ to: paths.iot.devices, label: 'Every device' }}>
            {list('New devices', newest.isLoading, fresh, { title: 'No new device', description: 'No device was first seen in the last 24 hours.' })}
          </Section>
          <Section title="Stale telemetry" link={{ to: `${paths.iot.devices}?health=silent`, label: 'Every silent device' }}>
            {list('Devices gone silent', silent.isLoading, silent.data?.results ?? [], {
              title: 'Every device reports',
              description: `Each device was seen within the last ${IOT_HEALTH_DEFAULTS.stale_after_s / 60} minutes.`,
            })}
          </Section>
          <Section title="Profile deviations" link={{ to: `${paths.iot.devices}?deviating=true`, label: 'Every deviating device' }}>
            {list('Devices deviating from their profile', deviating.isLoading, deviating.data?.results ?? [], {
              title: 'No deviation',
              description: 'Every device talks only to what its class is known to talk to.',
            })}
          </Section>
        </Stack>
      )}
    </>
  );
}
