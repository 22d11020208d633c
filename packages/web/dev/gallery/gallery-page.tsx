import { Container, Stack, Tabs, Title, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { DataTableGallery } from './data-table-gallery';
import { InputsGallery } from './inputs-gallery';
import { DialogsGallery } from './dialogs-gallery';
import { ChartsGallery } from './charts-gallery';
import { MapGallery } from './map-gallery';

const SECTIONS = [
  { key: 'table', label: 'Data table', Gallery: DataTableGallery },
  { key: 'inputs', label: 'Inputs', Gallery: InputsGallery },
  { key: 'dialogs', label: 'Dialogs & feedback', Gallery: DialogsGallery },
  { key: 'charts', label: 'Charts', Gallery: ChartsGallery },
  { key: 'map', label: 'Fleet map', Gallery: MapGallery },
] as const;

/** Every shared building block with sample data, for developers (spec 000 §2.18). */
export function GalleryPage() {
  const [params, setParams] = useSearchParams();
  const active = params.get('section') ?? 'table';
  return (
    <Container size="xl" py="lg" miw={1000}>
      <Stack gap="md">
        <div>
          <Title order={2}>Component gallery</Title>
          <Text c="dimmed" size="sm">
            Development only: the console's shared building blocks with sample data.
          </Text>
        </div>
        <Tabs value={active} onChange={(v) => setParams(v ? { section: v } : {})} keepMounted={false}>
          <Tabs.List>
            {SECTIONS.map((s) => (
              <Tabs.Tab key={s.key} value={s.key}>
                {s.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {SECTIONS.map(({ key, Gallery }) => (
            <Tabs.Panel key={key} value={key} pt="md">
              <Gallery />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}
