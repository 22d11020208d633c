import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { canWriteConfig, type ApiInventoryState, type WafApiInventoryRow } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { FormModal } from '@/components/dialogs/form-modal';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { useApiDocument, useApiInventory, useUploadApiDocument } from '@/features/waf/api/api-security';
import { useWafApplications } from '@/features/waf/api/get-waf-applications';
import { ApiDocumentForm } from '@/features/waf/components/api-document-form';
import { ApplicationFilter } from '@/features/waf/components/application-filter';
import { useWafFilters } from '@/features/waf/hooks/use-waf-filters';

const STATE_LOOK: Record<ApiInventoryState, { label: string; color: string }> = {
  documented: { label: 'Documented', color: 'green' },
  shadow: { label: 'Shadow', color: 'red' },
  zombie: { label: 'Zombie', color: 'orange' },
  undocumented: { label: 'No document', color: 'gray' },
};

type Row = WafApiInventoryRow & { id: string };

const columns: DataTableColumn<Row>[] = [
  { key: 'application', header: 'Application' },
  {
    key: 'state',
    header: 'State',
    render: (r) => (
      <Badge variant="light" color={STATE_LOOK[r.state].color}>
        {STATE_LOOK[r.state].label}
      </Badge>
    ),
  },
  { key: 'method', header: 'Method' },
  {
    key: 'path',
    header: 'Endpoint',
    width: '18rem',
    render: (r) => (
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {r.path}
      </Text>
    ),
  },
  {
    key: 'requests',
    header: 'Requests',
    rowAlign: 'right',
    // From a sample (the application's discovery settings): scaled, an estimate.
    render: (r) => (r.estimated ? `≈ ${r.requests.toLocaleString()}` : r.requests.toLocaleString()),
  },
  { key: 'errors', header: 'Errors', rowAlign: 'right' },
  { key: 'last_seen', header: 'Last seen', type: 'date' },
];

/**
 * QShield › API Security › API Inventory (and Shadow API, its shadow and zombie endpoints): each
 * application's OpenAPI document against what the edges' traffic of the last 7 days showed.
 */
export function ApiInventoryPage({ only }: { only?: readonly ApiInventoryState[] }) {
  const user = useCurrentUser();
  const writer = user ? canWriteConfig(user) : false;
  const filters = useWafFilters();
  const applications = useWafApplications();
  const inventory = useApiInventory({ application_id: filters.application_id });
  const application = applications.data?.find((a) => a.id === filters.application_id) ?? null;
  const [uploading, setUploading] = useState(false);
  const rows: Row[] = (inventory.data ?? [])
    .filter((r) => !only || only.includes(r.state))
    .map((r) => ({ ...r, id: `${r.application_id} ${r.method} ${r.path}` }));
  return (
    <>
      <PageHeader
        title={only ? 'Shadow API' : 'API Inventory'}
        subtitle={
          only
            ? 'Endpoints the traffic uses that no document declares (shadow), and declared ones nothing uses (zombie)'
            : "Each application's OpenAPI document against what its traffic of the last 7 days showed"
        }
        actions={
          writer &&
          !only &&
          application && (
            <Button leftSection={<IconUpload size={16} />} onClick={() => setUploading(true)}>
              Upload OpenAPI document
            </Button>
          )
        }
      />
      <Stack gap="md">
        <Group gap="xs">
          <ApplicationFilter filters={filters} />
          {application && <DocumentLine applicationId={application.id} />}
        </Group>
        <Paper withBorder p="md">
          {inventory.isError ? (
            <ErrorPanel onRetry={() => void inventory.refetch()} />
          ) : (
            <DataTable
              label="API endpoints"
              columns={columns}
              rows={rows}
              loading={inventory.isLoading}
              timezone={user?.timezone}
              options={{ search: true, sort: true, paging: true, download: true, refresh: true }}
              csv={{ title: only ? 'shadow-api' : 'api-inventory' }}
              onRefresh={() => inventory.refetch()}
            />
          )}
        </Paper>
      </Stack>
      {application && (
        <FormModal opened={uploading} onClose={() => setUploading(false)} label={`OpenAPI document of ${application.name}`} size="lg">
          {uploading && <Upload applicationId={application.id} name={application.name} onDone={() => setUploading(false)} />}
        </FormModal>
      )}
    </>
  );
}

function DocumentLine({ applicationId }: { applicationId: string }) {
  const doc = useApiDocument(applicationId);
  if (doc.data === undefined) return null;
  return (
    <Text size="sm" c="dimmed">
      {doc.data ? `${doc.data.title} ${doc.data.version} (OpenAPI ${doc.data.openapi}, ${doc.data.operations} operations)` : 'No OpenAPI document yet'}
    </Text>
  );
}

function Upload({ applicationId, name, onDone }: { applicationId: string; name: string; onDone: () => void }) {
  const upload = useUploadApiDocument(applicationId);
  return (
    <ApiDocumentForm
      application={name}
      onCancel={onDone}
      onSave={async (input) => {
        await upload.mutateAsync(input);
        toast.success('OpenAPI document');
        onDone();
      }}
    />
  );
}
