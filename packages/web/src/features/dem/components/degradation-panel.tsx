import { Group, Progress, Stack, Text, Title } from '@mantine/core';
import { DEM_CAUSES, type DemAffectedUsers, type DemComponent, type DemScores } from '@netloom/domain';
import { CauseBadge } from './cause-badge';
import { COMPONENT_LABEL, formatScore, scoreColor } from './dem-labels';

interface DegradationPanelProps {
  /** The application's row of the scores (null: nothing measured in the window). */
  scores: DemScores['results'][number] | null;
  affected: DemAffectedUsers['results'];
}

/**
 * What degrades an application: each measured component's own score, worst first, and the causes
 * its affected users have now (several users on one weak Wi-Fi, or all of them behind one relay).
 */
export function DegradationPanel({ scores, affected }: DegradationPanelProps) {
  const components = scores ? (Object.entries(scores.components) as [DemComponent, number][]).sort(([ka, a], [kb, b]) => a - b || ka.localeCompare(kb)) : [];
  const causes = DEM_CAUSES.map((c) => ({ cause: c, users: affected.filter((a) => a.cause === c).length })).filter((c) => c.users > 0);
  return (
    <Stack gap="sm" component="section" aria-labelledby="dem-degrades-title">
      <Title order={2} size="h4" id="dem-degrades-title">
        What degrades it
      </Title>
      {!scores ? (
        <Text size="sm" c="dimmed">
          No test results in this window yet.
        </Text>
      ) : (
        <>
          <Text size="sm">
            {scores.worst_component ? `The slowest part is ${COMPONENT_LABEL[scores.worst_component].toLowerCase()}.` : 'Every measured component is good.'}
          </Text>
          <Stack gap={6} aria-label="Component scores">
            {components.map(([key, s]) => (
              <div key={key}>
                <Group justify="space-between" gap="xs">
                  <Text size="sm" fw={key === scores.worst_component ? 700 : undefined}>
                    {COMPONENT_LABEL[key]}
                  </Text>
                  <Text size="sm" c={scoreColor(s)}>
                    {formatScore(s)}
                  </Text>
                </Group>
                <Progress value={s} color={scoreColor(s)} size="sm" aria-label={`${COMPONENT_LABEL[key]} score`} />
              </div>
            ))}
          </Stack>
        </>
      )}
      {causes.length > 0 && (
        <Group gap="xs" aria-label="Causes now">
          <Text size="sm">Users affected now:</Text>
          {causes.map((c) => (
            <Group key={c.cause} gap={4} wrap="nowrap">
              <CauseBadge cause={c.cause} />
              <Text size="sm">× {c.users}</Text>
            </Group>
          ))}
        </Group>
      )}
    </Stack>
  );
}
