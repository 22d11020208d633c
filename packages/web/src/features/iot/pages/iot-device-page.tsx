import type { ReactNode } from 'react';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ERROR_CODES, canWriteConfig, type IotDeviceDetail } from '@netloom/domain';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { PageHeader } from '@/components/page-header';
import { isApiError } from '@/lib/http/api-error';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { useIotDevice } from '@/features/iot/api/get-iot-device';
import { ClassificationPanel } from '@/features/iot/components/classification-panel';
import { DeviceIdentity } from '@/features/iot/components/device-identity';
import { classLabel, deviceName } from '@/features/iot/components/iot-labels';
import { ProfilePanel } from '@/features/iot/components/profile-panel';
import { TelemetryPanel } from '@/features/iot/components/telemetry-panel';
import { IotWindowPicker } from '@/features/iot/components/window-picker';
import { useIotWindow } from '@/features/iot/hooks/use-iot-window';

function Section({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {extra}
      </Group>
      {children}
    </Paper>
  );
}

function Segments({ device, writer }: { device: IotDeviceDetail; writer: boolean }) {
  return (
    <Stack gap="xs">
      {device.segments.length ? (
        <Group gap="xs">
          {device.segments.map((s) => (
            <Badge key={s.id} variant="light" size="lg">{`${s.key} · ${s.mode === 'vlan' ? 'VLAN' : 'Firewall rules'}`}</Badge>
          ))}
        </Group>
      ) : (
        <Text size="sm">No segment fences this device: it reaches whatever its gateway routes.</Text>
      )}
      <Group gap="lg">
        <Anchor component={Link} to={paths.iot.segments} size="sm">
          Segments
        </Anchor>
        {writer && (
          <Anchor component={Link} to={`${paths.iot.segments}?device=${device.id}`} size="sm">
            Fence this device
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}

/**
 * One IoT device: who it is on its LAN, why it is classed so (with an admin's correction, which
 * sticks), its telemetry over the window, its deviations from its class's communication profile,
 * and the segments that fence it.
 */
export function IotDevicePage() {
  const { deviceId = '' } = useParams();
  const user = useCurrentUser();
  const timezone = user?.timezone ?? null;
  const writer = user ? canWriteConfig(user) : false;
  const [window, setWindow] = useIotWindow();
  const device = useIotDevice(deviceId, window);
  const d = device.data;
  if (isApiError(device.error) && (device.error.code === ERROR_CODES.notFound || device.error.code === ERROR_CODES.validation))
    return (
      <EmptyState
        title="No such device"
        action={
          <Anchor component={Link} to={paths.iot.devices}>
            Back to the devices
          </Anchor>
        }
      />
    );
  if (device.isError) return <ErrorPanel onRetry={() => void device.refetch()} />;
  if (!d) return <CardSkeleton height={320} />;
  return (
    <>
      <PageHeader
        title={deviceName(d)}
        subtitle={`${classLabel(d.classification.class)}${d.vendor ? ` by ${d.vendor}` : ''}, on ${d.gateway.name}`}
        actions={
          <Anchor component={Link} to={paths.iot.devices} size="sm">
            All devices
          </Anchor>
        }
      />
      <Stack gap="md">
        <Section title="Identity">
          <DeviceIdentity device={d} timezone={timezone} />
        </Section>
        <Section title="Classification">
          <ClassificationPanel device={d} writer={writer} timezone={timezone} />
        </Section>
        <Section title="Telemetry" extra={<IotWindowPicker value={window} onChange={setWindow} />}>
          <TelemetryPanel series={d.series} timezone={timezone} />
        </Section>
        <Section title="Communication profile">
          <ProfilePanel profile={d.profile} deviations={d.deviations} timezone={timezone} />
        </Section>
        <Section title="Segments">
          <Segments device={d} writer={writer} />
        </Section>
      </Stack>
    </>
  );
}
