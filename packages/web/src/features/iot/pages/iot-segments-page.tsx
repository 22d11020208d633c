import { useMemo, useState } from 'react';
import { Button, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { canWriteConfig } from '@netloom/domain';
import { FormModal } from '@/components/dialogs/form-modal';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { formErrorMessage } from '@/lib/forms';
import { useCurrentUser } from '@/lib/session/session-store';
import { useCreateIotSegment } from '@/features/iot/api/create-iot-segment';
import { useDeleteIotSegment } from '@/features/iot/api/delete-iot-segment';
import { useIotInventory } from '@/features/iot/api/get-iot-devices';
import { useIotSegments } from '@/features/iot/api/get-iot-segments';
import { deviceName } from '@/features/iot/components/iot-labels';
import { SegmentForm } from '@/features/iot/components/segment-form';
import { SegmentsTable } from '@/features/iot/components/segments-table';

/**
 * IoT Gateway › Organization › Segments: devices or classes fenced to their communication profile
 * on their gateways, by firewall rules or a VLAN of their own. A segment reaches its gateway as
 * configuration; removing it takes out exactly what it added. Viewers read; editors and up change.
 */
export function IotSegmentsPage() {
  const user = useCurrentUser();
  const writer = user ? canWriteConfig(user) : false;
  const [params, setParams] = useSearchParams();
  const segments = useIotSegments();
  const inventory = useIotInventory();
  const create = useCreateIotSegment();
  const remove = useDeleteIotSegment();
  // A device page's 'Fence this device' opens the form with the device chosen.
  const linked = params.get('device');
  const [open, setOpen] = useState(writer && linked !== null);
  const devices = useMemo(() => inventory.data?.results ?? [], [inventory.data]);
  const deviceNames = useMemo(() => new Map(devices.map((d) => [d.id, deviceName(d)])), [devices]);
  const options = useMemo(() => devices.map((d) => ({ value: d.id, label: `${deviceName(d)}${d.ip ? ` · ${d.ip}` : ''} · ${d.gateway.name}` })), [devices]);
  const close = () => {
    setOpen(false);
    if (!linked) return;
    setParams(
      (p) => {
        p.delete('device');
        return p;
      },
      { replace: true },
    );
  };

  return (
    <>
      <PageHeader
        title="Segments"
        subtitle="Devices and classes fenced to what their communication profile allows, on their gateways"
        actions={
          writer && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen(true)}>
              Add a segment
            </Button>
          )
        }
      />
      <Paper withBorder p="md">
        {segments.isError ? (
          <ErrorPanel onRetry={() => void segments.refetch()} />
        ) : (
          <SegmentsTable
            segments={segments.data ?? []}
            deviceNames={deviceNames}
            loading={segments.isLoading}
            timezone={user?.timezone ?? null}
            writer={writer}
            onDelete={(s) =>
              remove.mutate(s.id, {
                onSuccess: () => toast.deleted('Segment'),
                onError: (e) => toast.error(formErrorMessage(e)),
              })
            }
          />
        )}
      </Paper>
      <FormModal opened={open} onClose={close} label="Add a segment">
        {open && (
          <SegmentForm
            devices={options}
            deviceId={linked}
            onCancel={close}
            onSave={async (input) => {
              await create.mutateAsync(input);
              toast.success('Segment', 'added');
              close();
            }}
          />
        )}
      </FormModal>
    </>
  );
}
