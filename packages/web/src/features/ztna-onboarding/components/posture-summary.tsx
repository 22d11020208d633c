import { Badge, Group } from '@mantine/core';
import type { Posture } from '@netloom/domain';

interface Item {
  label: string;
  /** true passes, false fails, null is not known. */
  ok: boolean | null;
}

/** What the posture says of the checks policies most often ask for, failed and unknown ones first. */
function postureItems(p: Posture): Item[] {
  const items: Item[] = [
    { label: p.disk_encrypted === false ? 'Disk not encrypted' : 'Disk encryption', ok: p.disk_encrypted },
    { label: p.firewall_on === false ? 'Firewall off' : 'Firewall', ok: p.firewall_on },
    { label: p.approved === false ? 'Not approved' : 'Approved', ok: p.approved },
    { label: 'Country', ok: p.country === null ? null : true },
    { label: 'OS version', ok: p.os_version === null ? null : true },
  ];
  const rank = (i: Item) => (i.ok === false ? 0 : i.ok === null ? 1 : 2);
  return items.sort((a, b) => rank(a) - rank(b));
}

/** Failed items in red, unknown ones grey; all passing reads as one green badge. */
export function PostureSummary({ posture }: { posture: Posture }) {
  const items = postureItems(posture).filter((i) => i.ok !== true);
  if (items.length === 0)
    return (
      <Badge variant="light" color="green">
        All checks pass
      </Badge>
    );
  return (
    <Group gap={4}>
      {items.map((i) => (
        <Badge
          key={i.label}
          variant={i.ok === false ? 'filled' : 'outline'}
          color={i.ok === false ? 'red' : 'gray'}
          title={i.ok === null ? 'Not reported' : 'Failed'}
        >
          {i.ok === null ? `${i.label}: unknown` : i.label}
        </Badge>
      ))}
    </Group>
  );
}

/** The same in words, for the CSV. */
export const postureText = (p: Posture): string => {
  const items = postureItems(p).filter((i) => i.ok !== true);
  return items.length === 0 ? 'All checks pass' : items.map((i) => (i.ok === null ? `${i.label}: unknown` : i.label)).join('; ');
};
