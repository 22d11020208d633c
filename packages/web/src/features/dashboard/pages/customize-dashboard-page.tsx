import { useEffect, useState } from 'react';
import { Alert, Button, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { dashboardName, type DashboardConditions, type DashboardLayoutEntry, type DashboardProduct } from '@netloom/domain';
import { PageHeader } from '@/components/page-header';
import { ErrorPanel } from '@/components/error-panel';
import { snack } from '@/lib/notify';
import { useDashboardLayout, useSaveDashboardLayout } from '@/features/dashboard/api/dashboard-layout';
import { LayoutEditor } from '@/features/dashboard/components/customize/layout-editor';
import { LayoutPreview } from '@/features/dashboard/components/customize/layout-preview';

export interface CustomizeDashboardPageProps {
  product: DashboardProduct;
  /** Owners and admins change the layout; everyone else sees it read-only. */
  canEdit: boolean;
  /** The tenant's settings and fleet today, for the preview's notes. */
  conditions: DashboardConditions;
}

const sameLayout = (a: DashboardLayoutEntry[], b: DashboardLayoutEntry[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Customize Dashboard (spec 000 §2.2): which widgets of the product's dashboard show and in what
 * order, for the whole tenant, with a live preview of the layout being edited.
 */
export function CustomizeDashboardPage({ product, canEdit, conditions }: CustomizeDashboardPageProps) {
  const layout = useDashboardLayout(product);
  const save = useSaveDashboardLayout(product);
  const [draft, setDraft] = useState<DashboardLayoutEntry[] | null>(null);
  // A new answer from the server (loaded, saved or reset) is what the editor starts from again.
  useEffect(() => setDraft(layout.data?.widgets ?? null), [layout.data]);

  const header = <PageHeader title="Customize Dashboard" subtitle={`${dashboardName(product)} Dashboard`} />;
  if (layout.isError)
    return (
      <>
        {header}
        <ErrorPanel onRetry={() => void layout.refetch()} />
      </>
    );
  if (!layout.data || !draft)
    return (
      <>
        {header}
        <Skeleton h={360} />
      </>
    );

  const changed = !sameLayout(draft, layout.data.widgets);
  const run = (next: DashboardLayoutEntry[] | null, message: string) =>
    save.mutate(next && { widgets: next }, {
      onSuccess: (saved) => {
        // An answer equal to the cached one keeps its reference: the editor is set from it here.
        setDraft(saved.widgets);
        snack(message, { color: 'green' });
      },
      onError: (e) => snack(e.message, { color: 'red' }),
    });

  return (
    <>
      {header}
      <Stack gap="md">
        {!canEdit && (
          <Alert color="gray" icon={<IconLock size={16} />}>
            Only owners and admins can change the dashboard layout.
          </Alert>
        )}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="sm">
              <LayoutEditor widgets={draft} readOnly={!canEdit} onChange={setDraft} />
              <Text size="xs" c="dimmed">
                The layout applies to everyone in the organisation. Tiles, map and graphs still need a device, and the graphs their settings.
              </Text>
              {canEdit && (
                <Group>
                  <Button onClick={() => run(draft, 'Dashboard layout saved')} disabled={!changed} loading={save.isPending && save.variables !== null}>
                    Save
                  </Button>
                  <Button
                    variant="default"
                    onClick={() => run(null, 'Dashboard layout reset to default')}
                    disabled={!layout.data.customized && !changed}
                    loading={save.isPending && save.variables === null}
                  >
                    Reset to default
                  </Button>
                </Group>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <LayoutPreview product={product} widgets={draft} conditions={conditions} />
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}
