import { useState } from 'react';
import { Button, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { isCidr, isIPv4, type NdrActionInput, type NdrDetectionRow } from '@netloom/domain';
import { confirm } from '@/components/dialogs/confirm';
import { FormModal } from '@/components/dialogs/form-modal';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { toast } from '@/components/feedback/toast';
import { fieldErrorMessage, formErrorMessage, serverFieldErrors } from '@/lib/forms';
import { useTakeNdrAction } from '@/features/ndr/api/take-ndr-action';
import { actionText } from './actions-table';

type TargetType = 'ip' | 'cidr' | 'domain';
const typeOf = (v: string): TargetType => (isIPv4(v) ? 'ip' : isCidr(v) ? 'cidr' : 'domain');

/** The response a detection offers: quarantine its host, or block its peer, each on the gateway that saw it, after a confirmation. */
export function ResponseButtons({ detection }: { detection: NdrDetectionRow }) {
  const [open, setOpen] = useState<'quarantine' | 'block' | null>(null);
  return (
    <>
      <Group gap="xs">
        <Button size="xs" color="red" variant="light" onClick={() => setOpen('quarantine')}>
          Quarantine host
        </Button>
        <Button size="xs" color="red" variant="light" onClick={() => setOpen('block')}>
          Block destination
        </Button>
      </Group>
      <FormModal opened={open !== null} onClose={() => setOpen(null)} label={open === 'block' ? 'Block a destination' : 'Quarantine the host'} size="md">
        {open && <ActionForm kind={open} detection={detection} onClose={() => setOpen(null)} />}
      </FormModal>
    </>
  );
}

function ActionForm({ kind, detection, onClose }: { kind: 'quarantine' | 'block'; detection: NdrDetectionRow; onClose: () => void }) {
  const take = useTakeNdrAction();
  const [method, setMethod] = useState<'firewall' | 'nac'>('firewall');
  const [mac, setMac] = useState('');
  const [target, setTarget] = useState(detection.peer ?? '');
  const [note, setNote] = useState('');
  const base = { device_id: detection.host.device_id, detection_id: detection.id, ...(note.trim() ? { note: note.trim() } : {}) };
  const input: NdrActionInput =
    kind === 'quarantine'
      ? { kind: 'quarantine_host', host_ip: detection.host.ip, method, ...(method === 'nac' && mac.trim() ? { mac: mac.trim() } : {}), ...base }
      : { kind: 'block_destination', target: { type: typeOf(target.trim()), value: target.trim() }, ...base };
  const what =
    kind === 'quarantine'
      ? actionText({ kind: 'quarantine_host', target: detection.host.ip, target_type: 'host' })
      : actionText({ kind: 'block_destination', target: target.trim(), target_type: typeOf(target.trim()) });
  const submit = async () => {
    const ok = await confirm({
      title: kind === 'quarantine' ? `Quarantine ${detection.host.ip}?` : `Block ${target.trim()}?`,
      message:
        kind === 'quarantine'
          ? `${detection.device_name ?? 'The gateway'} ${method === 'nac' ? 'denies the host network access' : "drops the host's traffic"} until you undo it.`
          : `${detection.device_name ?? 'The gateway'} drops traffic to it until you undo it.`,
      confirmLabel: kind === 'quarantine' ? 'Quarantine' : 'Block',
      cancelLabel: 'Cancel',
      danger: true,
    });
    if (!ok) return;
    take.mutate(input, {
      onSuccess: () => {
        toast.info(`${what}: sent to the gateway`);
        onClose();
      },
      onError: (e) => toast.error(formErrorMessage(e)),
    });
  };
  const targetError =
    kind === 'block' && take.error && serverFieldErrors(take.error)['target.value'] ? fieldErrorMessage(take.error, 'target.value') : undefined;
  return (
    <>
      <ModalHeader
        title={kind === 'quarantine' ? 'Quarantine the host' : 'Block a destination'}
        subtitle={`On ${detection.device_name ?? 'the gateway that saw it'}, pushed as configuration`}
        onClose={onClose}
        loading={take.isPending}
      />
      <Stack gap="sm">
        {kind === 'quarantine' ? (
          <>
            <TextInput label="Host" value={detection.host.ip} readOnly />
            <SegmentedControl
              aria-label="Quarantine by"
              value={method}
              onChange={(v) => setMethod(v as 'firewall' | 'nac')}
              data={[
                { value: 'firewall', label: 'Firewall rules on the gateway' },
                { value: 'nac', label: 'NAC decision' },
              ]}
            />
            {method === 'nac' && (
              <TextInput
                label="MAC address"
                description="The host's MAC, as NAC knows it; the gateway's view of the host by default"
                value={mac}
                error={take.error && serverFieldErrors(take.error).mac ? fieldErrorMessage(take.error, 'mac') : undefined}
                onChange={(e) => setMac(e.currentTarget.value)}
              />
            )}
          </>
        ) : (
          <TextInput
            label="Destination"
            description="An address, a network (x.x.x.x/y) or a domain"
            required
            value={target}
            error={targetError}
            onChange={(e) => setTarget(e.currentTarget.value)}
          />
        )}
        <TextInput label="Note" maxLength={500} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={take.isPending}>
            Cancel
          </Button>
          <Button color="red" loading={take.isPending} disabled={kind === 'block' && !target.trim()} onClick={() => void submit()}>
            {kind === 'quarantine' ? 'Quarantine' : 'Block'}
          </Button>
        </Group>
      </Stack>
    </>
  );
}
