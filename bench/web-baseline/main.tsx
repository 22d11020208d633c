// bench:web's baseline: the least a Vite + React + Mantine page loads, drawing a title and the same
// tiles as the dashboard (Mantine Paper and Text in a SimpleGrid). No router, no data, no app code.
import '@mantine/core/styles.css';
import { createRoot } from 'react-dom/client';
import { MantineProvider, Paper, SimpleGrid, Text, Title } from '@mantine/core';

const TILES = [
  { label: 'Total Devices', key: 'devices' },
  { label: 'Online Devices', key: 'online_devices' },
  { label: 'Offline Devices', key: 'offline_devices' },
  { label: 'Active Links', key: 'active_links' },
  { label: 'Inactive Links', key: 'inactive_links' },
  { label: 'Device Groups', key: 'total_networks' },
];

function App() {
  return (
    <MantineProvider>
      <Title order={2}>Baseline Dashboard</Title>
      <SimpleGrid cols={6} spacing="md">
        {TILES.map((t) => (
          <Paper key={t.key} withBorder p="md">
            <Text size="xs" c="dimmed">
              {t.label}
            </Text>
            <Text size="xl" fw={700} data-testid={`tile-${t.key}`}>
              0
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </MantineProvider>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<App />);
