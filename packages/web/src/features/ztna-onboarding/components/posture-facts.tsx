import { Badge, Group } from '@mantine/core';
import { countryByCode, type Posture } from '@netloom/domain';

interface Fact {
  label: string;
  /** true a policy's check would pass, false it would fail, null not reported. */
  ok: boolean | null;
}

/**
 * What a client reported of itself, each fact as it is: the person approving it decides on them,
 * so the OS version and country are shown, not only whether checks pass (approval is what is
 * being decided, so it is not one of them).
 */
function postureFacts(p: Posture): Fact[] {
  const country = p.country ? (countryByCode(p.country)?.name ?? p.country) : null;
  return [
    { label: p.os_version ? `OS ${p.os_version}` : 'OS version: unknown', ok: p.os_version ? true : null },
    {
      label: p.disk_encrypted === null ? 'Disk encryption: unknown' : p.disk_encrypted ? 'Disk encrypted' : 'Disk not encrypted',
      ok: p.disk_encrypted,
    },
    { label: p.firewall_on === null ? 'Firewall: unknown' : p.firewall_on ? 'Firewall on' : 'Firewall off', ok: p.firewall_on },
    { label: country ? `Country: ${country}` : 'Country: unknown', ok: country ? true : null },
  ];
}

/** Failing facts in red, unknown ones grey, the rest green. */
export function PostureFacts({ posture }: { posture: Posture }) {
  return (
    <Group gap={4}>
      {postureFacts(posture).map((f) => (
        <Badge
          key={f.label}
          tt="none"
          variant={f.ok === false ? 'filled' : f.ok === null ? 'outline' : 'light'}
          color={f.ok === false ? 'red' : f.ok === null ? 'gray' : 'green'}
          title={f.ok === null ? 'Not reported' : undefined}
        >
          {f.label}
        </Badge>
      ))}
    </Group>
  );
}
