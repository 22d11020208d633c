import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { DASHBOARD_WIDGET_LABELS, widgetHiddenReason, type DashboardConditions, type DashboardLayoutEntry, type DashboardProduct } from '@netloom/domain';

/** Rough heights of the real widgets, so the preview reads like the dashboard. */
const PREVIEW_HEIGHT = { tiles: 44, map: 96, traffic: 72, webFilter: 72, devices: 88 } as const;

export interface LayoutPreviewProps {
  product: DashboardProduct;
  widgets: DashboardLayoutEntry[];
  /** The tenant's settings and fleet today: a widget they keep off says why. */
  conditions: DashboardConditions;
}

/** The dashboard as the layout being edited draws it; widgets the dashboard's own rules keep off are dimmed with the reason. */
export function LayoutPreview({ product, widgets, conditions }: LayoutPreviewProps) {
  const shown = widgets.filter((w) => w.shown);
  return (
    <Paper withBorder p="md" role="region" aria-label="Preview">
      <Text fw={600} mb="sm">
        Preview
      </Text>
      <Stack gap="xs">
        {shown.map((w) => {
          const reason = widgetHiddenReason(product, w.id, conditions);
          return (
            <Paper
              key={w.id}
              data-testid={`preview-${w.id}`}
              bg="var(--mantine-color-default-hover)"
              h={PREVIEW_HEIGHT[w.id]}
              p="xs"
              // A widget not shown now is dashed and its name dimmed, not faded: its reason must stay readable (WCAG 1.4.3).
              style={{ borderStyle: reason ? 'dashed' : undefined }}
              withBorder
            >
              <Text size="sm" fw={500} c={reason ? 'dimmed' : undefined}>
                {DASHBOARD_WIDGET_LABELS[w.id]}
              </Text>
              {reason && (
                <Text size="xs" c="dimmed">
                  Not shown now. {reason}
                </Text>
              )}
            </Paper>
          );
        })}
        {widgets.some((w) => !w.shown) && (
          <Group gap={4} aria-label="Hidden widgets">
            <Text size="xs" c="dimmed">
              Hidden:
            </Text>
            {widgets
              .filter((w) => !w.shown)
              .map((w) => (
                <Badge key={w.id} variant="light" color="gray">
                  {DASHBOARD_WIDGET_LABELS[w.id]}
                </Badge>
              ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
