import { Anchor, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, type IotDevice } from '@netloom/domain';
import { Fact } from '@/components/fact';
import { paths } from '@/paths';
import { HealthBadge } from './health-badge';

/** Who the device is on its LAN: its addresses, the vendor its MAC names, its gateway and when it was seen. */
export function DeviceIdentity({ device: d, timezone }: { device: IotDevice; timezone: string | null }) {
  const date = (at: string) => formatDate(at, { timezone });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
      <Fact label="MAC address" value={d.mac ?? '—'} />
      <Fact label="Vendor (from the MAC)" value={d.vendor ?? d.vendor_note ?? 'Unknown'} />
      <Fact label="IP address" value={d.ip ?? '—'} />
      <Fact label="Host name" value={d.hostname ?? '—'} />
      {d.bus_id && <Fact label="Bus id" value={d.bus_id} />}
      {d.ifname && <Fact label="Interface" value={d.ifname} />}
      <div>
        <Text size="xs" c="dimmed">
          Gateway
        </Text>
        <Anchor component={Link} to={`${paths.iot.devices}?gateway=${d.gateway.id}`} size="sm">
          {d.gateway.name}
        </Anchor>
      </div>
      <Fact label="First seen" value={date(d.first_seen)} />
      <Fact label="Last seen" value={date(d.last_seen)} />
      <div>
        <Text size="xs" c="dimmed">
          Health
        </Text>
        <HealthBadge health={d.health} />
      </div>
    </SimpleGrid>
  );
}
