import { Grid, Group, Paper, Stack } from '@mantine/core';
import { canChangeWebFilterSettings, canWriteConfig } from '@netloom/domain';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { CustomUrlLists } from '@/features/web-filter/components/custom-url-lists';
import { EndpointSyncSummary } from '@/features/web-filter/components/endpoint-sync-summary';
import { EvaluationOrder } from '@/features/web-filter/components/evaluation-order';
import { PolicySection } from '@/features/web-filter/components/policy-section';
import { TestUrlTool } from '@/features/web-filter/components/test-url-tool';
import { WebFilterControls } from '@/features/web-filter/components/web-filter-controls';

/** Web filter › URL-based filtering: the switch, the default action, the ordered policies, the organisation's lists and the Test-a-URL tool. */
export function UrlFilteringPage() {
  const user = useCurrentUser();
  if (!user) return null;
  const writer = canWriteConfig(user);
  // The switch, the default action and the organisation's lists are tenant settings: owners and admins.
  const admin = canChangeWebFilterSettings(user);
  return (
    <>
      <PageHeader title="URL Filtering" subtitle="Who may reach which sites: policies in order, the organisation's own lists, and a test" />
      <Stack gap="md">
        <Paper withBorder p="md">
          <Group justify="space-between" align="center" wrap="wrap">
            <WebFilterControls writer={admin} />
            <EndpointSyncSummary />
          </Group>
        </Paper>
        <PolicySection writer={writer} />
        <EvaluationOrder />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <TestUrlTool />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <CustomUrlLists writer={admin} />
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}
