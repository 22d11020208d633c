import { Badge, Group, List, Paper, RingProgress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { PageHeader } from '@/components/page-header';
import { useWafCompliance } from '@/features/waf/api/get-waf-compliance';
import { useWafSelection } from '@/features/waf/hooks/waf-selection';

const scoreColor = (s: number) => (s >= 80 ? 'green' : s >= 50 ? 'yellow' : 'red');

/** QShield › Threat Analytics › Compliance Status: each application's OWASP Top 10 coverage and hygiene checklist. */
export function CompliancePage() {
  const compliance = useWafCompliance();
  const { applicationId } = useWafSelection();
  let body;
  if (compliance.isError) body = <ErrorPanel onRetry={() => void compliance.refetch()} />;
  else if (!compliance.data) body = <CardSkeleton height={300} />;
  else if (compliance.data.length === 0) body = <EmptyState title="No application protected yet" description="Onboard an application to see its compliance." />;
  else {
    // The header's domain comes first; the others follow.
    const rows = [...compliance.data].sort((a, b) => Number(b.application_id === applicationId) - Number(a.application_id === applicationId));
    body = rows.map((app) => (
      <Paper key={app.application_id} withBorder p="md" aria-label={`Compliance of ${app.application}`}>
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <RingProgress
            size={96}
            thickness={9}
            sections={[{ value: app.score, color: scoreColor(app.score) }]}
            label={
              <Text ta="center" fw={700}>
                {app.score}%
              </Text>
            }
          />
          <Stack gap="xs" flex={1}>
            <Group gap="xs">
              <Title order={2} fz="md">
                {app.application}
              </Title>
              <Badge color={scoreColor(app.score)} variant="light">
                {app.checks.filter((c) => c.ok).length} of {app.checks.length} checks pass
              </Badge>
            </Group>
            <List spacing={4} size="sm" center>
              {app.checks.map((c) => (
                <List.Item
                  key={c.key}
                  icon={
                    <ThemeIcon size={18} radius="xl" color={c.ok ? 'green' : 'red'} aria-label={c.ok ? 'Passes' : 'Fails'}>
                      {c.ok ? <IconCheck size={12} /> : <IconX size={12} />}
                    </ThemeIcon>
                  }
                >
                  <Text size="sm" span fw={500}>
                    {c.label}
                  </Text>
                  <Text size="xs" c="dimmed" span>
                    {' '}
                    — {c.detail}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Stack>
        </Group>
      </Paper>
    ));
  }
  return (
    <>
      <PageHeader title="Compliance Status" subtitle="How each application's policy covers the OWASP Top 10, and what to change where it does not" />
      <Stack gap="md">{body}</Stack>
    </>
  );
}
