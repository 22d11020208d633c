import { useMemo } from 'react';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { IOT_HEALTH_DEFAULTS } from '@netloom/domain';
import { PieChart } from '@/components/charts/pie-chart';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { IOT_INVENTORY_MAX, useIotInventory } from '@/features/iot/api/get-iot-devices';
import { useIotProfiles } from '@/features/iot/api/get-iot-profiles';
import { DevicesTable } from '@/features/iot/components/devices-table';
import { FigureTile } from '@/features/iot/components/figure-tile';
import { GatewaysTable } from '@/features/iot/components/gateways-table';
import { HEALTH_LOOK } from '@/features/iot/components/iot-labels';
import { summariseInventory } from '@/features/iot/components/inventory-summary';

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
 * and which deviate from their class's communication profile.
 */
export function IotOverviewPage() {
  const user = useCurrentUser();
  const timezone = user?.timezone ?? null;
  const navigate = useNavigate();
  const inventory = useIotInventory();
  const profiles = useIotProfiles();
  const summary = useMemo(() => (inventory.data ? summariseInventory(inventory.data.results) : null), [inventory.data]);
  const total = inventory.data?.count ?? 0;
  const open = (d: { id: string }) => void navigate(paths.iot.device(d.id));
  const enforcing = (profiles.data ?? []).filter((p) => p.state === 'enforcing').length;

  return (
    <>
      <PageHeader title="IoT Gateway" subtitle="The devices your gateways discover on their LANs, their health and how they behave" />
      {inventory.isError ? (
        <ErrorPanel onRetry={() => void inventory.refetch()} />
      ) : !summary ? (
        <CardSkeleton height={120} />
      ) : (
        <Stack gap="md">
          {total > IOT_INVENTORY_MAX && (
            <Text size="sm" c="dimmed">{`Figures of the ${IOT_INVENTORY_MAX} devices seen most recently, of ${total.toLocaleString()}.`}</Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <FigureTile
              label="Devices"
              note={`On ${summary.gateways.length} gateway${summary.gateways.length === 1 ? '' : 's'}, in ${summary.byClass.length} classes`}
            >
              <Anchor component={Link} to={paths.iot.devices} inherit>
                {total.toLocaleString()}
              </Anchor>
            </FigureTile>
            <FigureTile label="New" note="First seen in the last 24 hours">
              {summary.fresh.length.toLocaleString()}
            </FigureTile>
            <FigureTile
              label="Stale or offline"
              note={`${HEALTH_LOOK.stale.label} ${summary.health.stale} · ${HEALTH_LOOK.offline.label} ${summary.health.offline} · Battery low ${summary.health.battery_low}`}
            >
              <Anchor component={Link} to={`${paths.iot.devices}?health=stale`} inherit c={summary.silent.length > 0 ? 'orange' : undefined}>
                {summary.silent.length.toLocaleString()}
              </Anchor>
            </FigureTile>
            <FigureTile label="Deviating" note={`Profiles enforced for ${enforcing} of ${(profiles.data ?? []).length} classes`}>
              <Text component="span" inherit c={summary.deviating.length > 0 ? 'red' : undefined}>
                {summary.deviating.length.toLocaleString()}
              </Text>
            </FigureTile>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <PieChart title="Devices by class" data={summary.byClass} donut labelPosition="outside" />
            <PieChart title="Devices by vendor" data={summary.byVendor} donut labelPosition="outside" />
          </SimpleGrid>
          <Section title="Gateways">
            <GatewaysTable gateways={summary.gateways} />
          </Section>
          <Section title="New devices" link={{ to: paths.iot.devices, label: 'Every device' }}>
            <DevicesTable
              label="New devices"
              devices={summary.fresh.slice(0, LIST_MAX)}
              loading={false}
              timezone={timezone}
              onOpen={open}
              empty={{ title: 'No new device', description: 'No device was first seen in the last 24 hours.' }}
            />
          </Section>
          <Section title="Stale telemetry" link={{ to: `${paths.iot.devices}?health=stale`, label: 'Every stale device' }}>
            <DevicesTable
              label="Devices gone silent"
              devices={summary.silent.slice(0, LIST_MAX)}
              loading={false}
              timezone={timezone}
              onOpen={open}
              empty={{ title: 'Every device reports', description: `Each device was seen within the last ${IOT_HEALTH_DEFAULTS.stale_after_s / 60} minutes.` }}
            />
          </Section>
          <Section title="Profile deviations">
            <DevicesTable
              label="Devices deviating from their profile"
              devices={summary.deviating.slice(0, LIST_MAX)}
              loading={false}
              timezone={timezone}
              onOpen={open}
              empty={{ title: 'No deviation', description: 'Every device talks only to what its class is known to talk to.' }}
            />
          </Section>
        </Stack>
      )}
    </>
  );
}
