import { Anchor, Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { compareVersions, ENDPOINT_OS_LABELS, ENDPOINT_OSES, formatDate, type ClientRelease } from '@netloom/domain';

/** The newest release of each OS. */
const latestByOs = (releases: readonly ClientRelease[]) =>
  ENDPOINT_OSES.flatMap((os) => {
    const newest = releases.filter((r) => r.os === os).sort((a, b) => compareVersions(b.version, a.version))[0];
    return newest ? [newest] : [];
  });

/** One card per OS: the latest client version, when it came out and what it changed. */
export function LatestVersions({ releases, loading }: { releases: readonly ClientRelease[]; loading: boolean }) {
  if (loading) return <Skeleton h={110} />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3, lg: 5 }} spacing="md">
      {latestByOs(releases).map((r) => (
        <Card key={r.os} withBorder padding="md" aria-label={`Latest for ${ENDPOINT_OS_LABELS[r.os]}`} role="region">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {ENDPOINT_OS_LABELS[r.os]}
          </Text>
          <Text fz={22} fw={700}>
            {r.version}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDate(r.released, { format: 'DD MMM YY' })} · {r.notes}
          </Text>
          <Anchor href={r.url} target="_blank" rel="noopener noreferrer" size="sm" mt={4}>
            Download
          </Anchor>
        </Card>
      ))}
    </SimpleGrid>
  );
}
