import { useState } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { StatusIcon } from '@/components/status-icon/status-icon';
import { STATUS_KINDS } from '@/components/status-icon/status-kinds';
import { DataTable } from '@/components/data-table/data-table';
import { galleryColumns, galleryCsv, galleryDevices, type GalleryDevice } from './gallery-devices';

const REFRESH_DELAY_MS = 600;

/** Dev gallery: a device table wired like a real screen, and the whole status icon set. */
export function DataTableGallery() {
  const [rows, setRows] = useState<GalleryDevice[]>(() => galleryDevices());

  // Stands in for a refetch: a short wait, then every seen device reports a moment ago.
  const refresh = async () => {
    await new Promise((resolve) => setTimeout(resolve, REFRESH_DELAY_MS));
    setRows((all) => galleryDevices(all.length, Date.now()).filter((d) => all.some((r) => r.id === d.id)));
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Title order={4} mb="sm">
          Data table
        </Title>
        <DataTable
          data-testid="gallery-data-table"
          label="Devices"
          columns={galleryColumns}
          rows={rows}
          options={{ search: true, sort: true, download: true, refresh: true }}
          csv={galleryCsv}
          onRefresh={refresh}
          onEdit={(row) => notifications.show({ message: `Edit ${row.name}` })}
          onDelete={(row) => setRows((all) => all.filter((r) => r.id !== row.id))}
        />
      </Paper>
      <Paper withBorder p="md">
        <Title order={4} mb="sm">
          Status icons
        </Title>
        <Group gap="lg" data-testid="gallery-status-icons">
          {STATUS_KINDS.map((kind) => (
            <Stack key={kind} gap={2} align="center">
              <StatusIcon kind={kind} size={22} />
              <Text size="xs" c="dimmed">
                {kind}
              </Text>
            </Stack>
          ))}
        </Group>
      </Paper>
    </Stack>
  );
}
