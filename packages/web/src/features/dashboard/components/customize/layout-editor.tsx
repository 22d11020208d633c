import { ActionIcon, Divider, Group, Paper, Switch, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { ALWAYS_SHOWN_WIDGETS, DASHBOARD_WIDGET_LABELS, type DashboardLayoutEntry } from '@netloom/domain';

export interface LayoutEditorProps {
  widgets: DashboardLayoutEntry[];
  readOnly: boolean;
  onChange: (widgets: DashboardLayoutEntry[]) => void;
}

/** Moves the entry at `from` by one place up (-1) or down (+1). */
function moved(widgets: DashboardLayoutEntry[], from: number, by: -1 | 1): DashboardLayoutEntry[] {
  const next = [...widgets];
  const [entry] = next.splice(from, 1);
  next.splice(from + by, 0, entry!);
  return next;
}

/** The dashboard's widgets in order: a switch shows or hides each, the arrows move it up or down. */
export function LayoutEditor({ widgets, readOnly, onChange }: LayoutEditorProps) {
  return (
    <Paper withBorder px="lg" py="xs" role="list" aria-label="Widgets">
      {widgets.map((w, i) => {
        const label = DASHBOARD_WIDGET_LABELS[w.id];
        const fixed = ALWAYS_SHOWN_WIDGETS.includes(w.id);
        return (
          <div key={w.id} role="listitem" aria-label={label}>
            {i > 0 && <Divider />}
            <Group justify="space-between" py="sm" wrap="nowrap">
              <Switch
                label={label}
                description={fixed ? 'Always shown: it holds the empty state and the way to each device.' : undefined}
                checked={w.shown}
                disabled={readOnly || fixed}
                onChange={(e) => onChange(widgets.map((x) => (x.id === w.id ? { ...x, shown: e.currentTarget.checked } : x)))}
              />
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="subtle" aria-label={`Move ${label} up`} disabled={readOnly || i === 0} onClick={() => onChange(moved(widgets, i, -1))}>
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move ${label} down`}
                  disabled={readOnly || i === widgets.length - 1}
                  onClick={() => onChange(moved(widgets, i, 1))}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Group>
            </Group>
          </div>
        );
      })}
      {widgets.length === 0 && <Text c="dimmed">No widgets.</Text>}
    </Paper>
  );
}
