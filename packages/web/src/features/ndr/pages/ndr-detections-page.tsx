import { Paper, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ErrorPanel } from '@/components/error-panel';
import { LogPager } from '@/components/logs/log-pager';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { useNdrDetections } from '@/features/ndr/api/get-ndr-detections';
import { useNdrRules } from '@/features/ndr/api/get-ndr-rules';
import { DetectionFilters } from '@/features/ndr/components/detection-filters';
import { DetectionsTable } from '@/features/ndr/components/detections-table';
import { useDetectionFilters } from '@/features/ndr/hooks/use-detection-filters';

/** NDR › Detections: what the rules found in the window, filtered and paged by the server; a row opens the detection. */
export function NdrDetectionsPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const filters = useDetectionFilters();
  const { query, update } = filters;
  const detections = useNdrDetections(query);
  const rules = useNdrRules();
  return (
    <>
      <PageHeader title="Detections" subtitle="What the detection rules found in your network's traffic, the latest first" />
      <Stack gap="md">
        <DetectionFilters filters={filters} rules={rules.data ?? []} />
        <Paper withBorder p="md">
          {detections.isError ? (
            <ErrorPanel onRetry={() => void detections.refetch()} />
          ) : (
            <DetectionsTable
              detections={detections.data?.results ?? []}
              loading={detections.isLoading}
              timezone={user?.timezone ?? null}
              onOpen={(d) => void navigate(paths.ndr.detection(d.id))}
            />
          )}
          <LogPager
            count={detections.data?.count}
            page={query.page ?? 1}
            size={query.page_size ?? 25}
            onPage={(p) => update({ page: String(p) })}
            onSize={(s) => update({ size: s })}
          />
        </Paper>
      </Stack>
    </>
  );
}
