import { Badge, Group, Text } from '@mantine/core';
import { compareVersions, latestRelease, type EndpointOs } from '@netloom/domain';

/** The client version an endpoint runs against the latest release for its system. */
export function ClientVersion({ os, version }: { os: EndpointOs | null; version: string | null }) {
  const latest = os ? latestRelease(os) : undefined;
  if (!version)
    return (
      <Badge variant="outline" color="gray">
        Unknown
      </Badge>
    );
  if (!latest) return <Text size="sm">{version}</Text>;
  const behind = compareVersions(version, latest.version) < 0;
  return (
    <Group gap="xs">
      <Text size="sm">{version}</Text>
      <Badge variant="light" color={behind ? 'yellow' : 'green'}>
        {behind ? `Update available: ${latest.version}` : 'Latest'}
      </Badge>
    </Group>
  );
}
