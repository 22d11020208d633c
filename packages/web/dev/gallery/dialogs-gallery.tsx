import { useState, type ReactNode } from 'react';
import { Button, Code, Group, Modal, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconShieldCheck, IconUsers } from '@tabler/icons-react';
import { confirm, confirmModify } from '@/components/dialogs/confirm';
import { openDetailDialog } from '@/components/dialogs/detail-dialog';
import { openFilterDialog } from '@/components/dialogs/filter-dialog';
import type { FilterDefinition } from '@/components/dialogs/filter-types';
import { ModalFooter, type ModalMode } from '@/components/dialogs/modal-footer';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { toast } from '@/components/feedback/toast';
import { StepGuideList } from '@/components/feedback/step-guide-list';
import { ConfigPageHeader } from '@/components/feedback/config-page-header';
import { CardSkeleton, TableSkeleton } from '@/components/feedback/skeletons';

const SAMPLE_FILTERS: FilterDefinition[] = [
  { type: 'input', name: 'Source IP', formControl: 'src', inputType: 'ip' },
  { type: 'multi-input', name: 'Destination ports', formControl: 'ports', multiInputType: 'port' },
  { type: 'select', name: 'Severity', formControl: 'severity', options: ['Critical', 'Major', 'Minor'] },
  {
    type: 'select',
    name: 'Devices',
    formControl: 'devices',
    multipleSelect: true,
    selectAllOptions: true,
    options: [1, 2, 3, 4, 5, 6].map((n) => ({ id: `d${n}`, device_name: `Branch gateway ${n}` })),
    viewKey: 'device_name',
    valueKey: 'id',
  },
  { type: 'radio', name: 'Action', formControl: 'action', options: ['Allow', 'Block'] },
  { type: 'slider', name: 'Minimum risk score', formControl: 'risk', min: 0, max: 10 },
  { type: 'date-range', name: 'Period', formControl: 'period', minDate: '2024-01-01' },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

function FormDialogDemo() {
  const [mode, setMode] = useState<ModalMode | null>(null);
  const [name, setName] = useState('');
  const [loading, setLoading] = useState(false);
  const close = () => setMode(null);
  const save = () => {
    setLoading(true);
    setTimeout(() => {
      setLoading(false);
      toast.success(name || 'Network', mode === 'edit' ? 'edited' : 'added');
      close();
    }, 1_000);
  };
  return (
    <>
      <Group>
        <Button
          onClick={() => {
            setName('');
            setMode('add');
          }}
        >
          Add dialog
        </Button>
        <Button
          variant="light"
          onClick={() => {
            setName('Branch office');
            setMode('edit');
          }}
        >
          Edit dialog
        </Button>
      </Group>
      <Modal opened={mode !== null} onClose={close} withCloseButton={false} centered>
        <ModalHeader title={mode === 'edit' ? 'Edit Network' : 'Add Network'} onClose={close} loading={loading} />
        <TextInput label="Network name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <ModalFooter mode={mode ?? 'add'} loading={loading} onSubmit={save} onReset={() => setName('Branch office')} onCancel={close} />
      </Modal>
    </>
  );
}

/** Dev gallery: every dialog and feedback helper, each behind a button. */
export function DialogsGallery() {
  const [last, setLast] = useState('nothing yet');
  const [enabled, setEnabled] = useState(true);
  const [refreshing, setRefreshing] = useState(false);

  return (
    <Stack gap="md">
      <ConfigPageHeader
        title="Configuration page header"
        subtitle="Refresh, Settings and a toggle"
        refreshing={refreshing}
        onRefresh={() => {
          setRefreshing(true);
          setTimeout(() => setRefreshing(false), 800);
        }}
        onSettings={() => setLast('Settings clicked')}
        toggle={{ label: 'Enabled', checked: enabled, onChange: setEnabled }}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Dialogs">
          <Group>
            <Button onClick={() => void confirm({ title: 'Delete rule', message: 'Delete this rule?', danger: true }).then((a) => setLast(`confirm: ${a}`))}>
              Confirm
            </Button>
            <Button variant="light" onClick={() => void confirmModify().then((a) => setLast(`modify: ${a}`))}>
              Confirm modify
            </Button>
            <Button variant="light" onClick={() => void openFilterDialog(SAMPLE_FILTERS).then((r) => setLast(JSON.stringify(r)))}>
              Select Filters
            </Button>
            <Button
              variant="light"
              onClick={() =>
                openDetailDialog({
                  title: 'Web filter policy',
                  detailsName: 'Policy details',
                  topInfo: [
                    { name: 'Name', value: 'Office hours', primary: true },
                    { name: 'Action', value: 'allow', actionStatus: 'allow' },
                    { name: 'Uncategorised', value: 'block', actionStatus: 'block' },
                  ],
                  lists: [
                    { name: 'Categories', icon: <IconShieldCheck size={14} />, value: ['Social networks', 'Streaming'] },
                    { name: 'Users', icon: <IconUsers size={14} />, value: ['alice@example.com', 'bob@example.com'] },
                  ],
                })
              }
            >
              Detail dialog
            </Button>
          </Group>
          <FormDialogDemo />
          <Code block>{last}</Code>
        </Section>
        <Section title="Toasts">
          <Group>
            <Button color="green" variant="light" onClick={() => toast.success('Network')}>
              Added
            </Button>
            <Button color="green" variant="light" onClick={() => toast.edited('Policy')}>
              Edited
            </Button>
            <Button color="green" variant="light" onClick={() => toast.deleted('User')}>
              Deleted
            </Button>
            <Button color="red" variant="light" onClick={() => toast.error()}>
              Error
            </Button>
          </Group>
        </Section>
        <Section title="Step guide list">
          <StepGuideList
            steps={[
              { title: 'Download the installer', description: 'Pick the package for your operating system.' },
              { title: 'Run it', description: 'Accept the prompts; it needs administrator rights.' },
              { title: 'Sign in', description: 'Use your console account to connect.' },
            ]}
          />
        </Section>
        <Section title="Skeletons">
          <TableSkeleton rows={3} columns={4} />
          <CardSkeleton height={80} />
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
