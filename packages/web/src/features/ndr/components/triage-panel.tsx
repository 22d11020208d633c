import { useState } from 'react';
import { Alert, Button, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import type { NdrDetectionRow, NdrTriageStatus } from '@netloom/domain';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useTriageNdrDetection } from '@/features/ndr/api/triage-ndr-detection';
import { StatusBadge } from './severity-badge';

/** The moves triage allows from each state (the server refuses the others). */
const MOVES: Record<NdrTriageStatus, readonly ('acknowledged' | 'resolved' | 'false_positive' | 'new')[]> = {
  new: ['acknowledged', 'resolved', 'false_positive'],
  acknowledged: ['resolved', 'false_positive'],
  resolved: ['new', 'false_positive'],
  false_positive: ['new'],
};

const BUTTON: Record<'acknowledged' | 'resolved' | 'false_positive' | 'new', { label: string; done: string; color?: string; variant: string }> = {
  acknowledged: { label: 'Acknowledge', done: 'Detection acknowledged', variant: 'filled' },
  resolved: { label: 'Resolve', done: 'Detection resolved', color: 'green', variant: 'light' },
  false_positive: { label: 'False positive', done: 'Detection marked a false positive', color: 'gray', variant: 'light' },
  new: { label: 'Reopen', done: 'Detection reopened', variant: 'default' },
};

/**
 * Triage of a detection with a note: acknowledge, resolve, mark a false positive (the rule then
 * stays silent for this host and peer, or every peer of the host), or reopen. Viewers see where
 * it stands, and nothing to press.
 */
export function TriagePanel({ detection, writer }: { detection: NdrDetectionRow; writer: boolean }) {
  const triage = useTriageNdrDetection(detection.id);
  const [note, setNote] = useState('');
  const [scope, setScope] = useState<'peer' | 'host'>('peer');
  const move = (status: keyof typeof BUTTON) =>
    triage.mutate(
      { status, ...(note.trim() ? { note: note.trim() } : {}), ...(status === 'false_positive' ? { scope } : {}) },
      {
        onSuccess: () => {
          toast.info(BUTTON[status].done);
          setNote('');
        },
        onError: (e) => toast.error(formErrorMessage(e)),
      },
    );
  const moves = MOVES[detection.status];
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm">Status</Text>
        <StatusBadge status={detection.status} />
        {detection.updated_by && (
          <Text size="xs" c="dimmed">
            by {detection.updated_by}
          </Text>
        )}
        {detection.reopened > 0 && (
          <Text size="xs" c="dimmed">
            reopened {detection.reopened}×
          </Text>
        )}
      </Group>
      {detection.note && (
        <Alert variant="light" color="gray" title="Note" p="xs">
          {detection.note}
        </Alert>
      )}
      {writer && (
        <>
          <Textarea
            label="Note"
            placeholder="What you found, what you did"
            autosize
            minRows={2}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          {moves.includes('false_positive') && (
            <Stack gap={4}>
              <Text size="xs" c="dimmed">
                A false positive silences the rule for
              </Text>
              <SegmentedControl
                aria-label="False positive scope"
                size="xs"
                value={scope}
                onChange={(v) => setScope(v as 'peer' | 'host')}
                data={[
                  { value: 'peer', label: detection.peer ? `This host with ${detection.peer}` : 'This host' },
                  { value: 'host', label: 'This host with every peer' },
                ]}
              />
            </Stack>
          )}
          <Group gap="xs">
            {moves.map((m) => (
              <Button
                key={m}
                size="xs"
                variant={BUTTON[m].variant}
                color={BUTTON[m].color}
                loading={triage.isPending && triage.variables?.status === m}
                disabled={triage.isPending}
                onClick={() => move(m)}
              >
                {BUTTON[m].label}
              </Button>
            ))}
          </Group>
        </>
      )}
    </Stack>
  );
}
