import { Anchor, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, type NdrDetectionRow } from '@netloom/domain';
import { Fact } from '@/components/fact';
import { paths } from '@/paths';

/** A rule's own figure name as words: 'distinct_ports' → 'Distinct ports'. */
const factLabel = (key: string) => {
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Who and what a detection is about, and when: the host (leading to its timeline), its peer and user, the gateway, the span. */
export function DetectionFacts({ detection: d, timezone }: { detection: NdrDetectionRow; timezone: string | null }) {
  const when = (at: string) => formatDate(at, { timezone });
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
      <div>
        <Text size="xs" c="dimmed">
          Host
        </Text>
        <Anchor component={Link} to={paths.ndr.host(d.host.ip, d.host.device_id)} size="sm">
          {d.host.ip}
        </Anchor>
      </div>
      <Fact label="Peer" value={d.peer ?? '—'} />
      <Fact label="User" value={d.user ?? '—'} />
      <Fact label="Seen by" value={d.device_name ?? '—'} />
      <Fact label="First seen" value={when(d.first_seen)} />
      <Fact label="Last seen" value={when(d.last_seen)} />
      <Fact label="Times seen" value={String(d.occurrences)} />
      <Fact label="Confidence" value={`${Math.round(d.confidence * 100)} %`} />
      {d.peers.length > 1 && <Fact label="Peers" value={d.peers.join(', ')} />}
      {Object.entries(d.facts).map(([k, v]) => (
        <Fact key={k} label={factLabel(k)} value={typeof v === 'number' ? v.toLocaleString() : v} />
      ))}
    </SimpleGrid>
  );
}
