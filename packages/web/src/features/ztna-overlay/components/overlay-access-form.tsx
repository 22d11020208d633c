import { useEffect, useState } from 'react';
import { ActionIcon, Button, Group, Paper, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { IconArrowsLeftRight, IconPlus, IconTrash } from '@tabler/icons-react';
import { overlayAccessSchema, type OverlayAccess } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { SelectField } from '@/components/inputs/select-field';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useSecurityGroups } from '@/features/ztna-overlay/api/get-security-groups';
import { useZtnaSettings } from '@/features/ztna-overlay/api/get-ztna-settings';
import { useSaveZtnaSettings } from '@/features/ztna-overlay/api/save-ztna-settings';

/** A pair being chosen may lack a side; only whole pairs are sent. */
type DraftPair = { from: string | null; to: string | null };
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Overlay access policy: whether endpoints may reach each other over the overlay, and between which security groups. */
export function OverlayAccessForm({ writer }: { writer: boolean }) {
  const settings = useZtnaSettings();
  const groups = useSecurityGroups();
  const save = useSaveZtnaSettings();
  const [peer, setPeer] = useState(false);
  const [pairs, setPairs] = useState<DraftPair[]>([]);
  const saved = settings.data?.overlay_access;
  useEffect(() => {
    if (!saved) return;
    setPeer(saved.peer_to_peer);
    setPairs(saved.allowed_pairs);
  }, [saved]);
  const { formError, busy, submit } = useFormSubmit(overlayAccessSchema, async (overlay_access) => {
    if (!settings.data) return;
    // The identity-aware part goes back as it was read: this form changes only its own part.
    await save.mutateAsync({ ...settings.data, overlay_access });
    toast.edited('Overlay access policy');
  });
  if (settings.isError) return <ErrorPanel onRetry={() => void settings.refetch()} />;
  if (!saved) return <Skeleton h={200} />;

  const whole = pairs.filter((p): p is OverlayAccess['allowed_pairs'][number] => p.from !== null && p.to !== null);
  const draft: OverlayAccess = { peer_to_peer: peer, allowed_pairs: whole };
  const changed = !same(draft, saved) || whole.length !== pairs.length;
  const options = (groups.data ?? []).map((g) => ({ value: g.id, label: g.name }));
  const setPair = (i: number, p: DraftPair) => setPairs(pairs.map((x, j) => (j === i ? p : x)));

  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit(draft);
        }}
        noValidate
        aria-label="Overlay access policy"
      >
        <Stack gap="md" maw={720}>
          <Switch
            label="Peer to peer"
            description="Endpoints may reach each other over the overlay, not only the published servers"
            checked={peer}
            disabled={!writer}
            onChange={(e) => setPeer(e.currentTarget.checked)}
          />
          {peer && (
            <Stack gap="xs">
              <Text size="sm" fw={500}>
                Allowed pairs of security groups
              </Text>
              <Text size="xs" c="dimmed">
                {whole.length === 0 ? 'No pairs: any endpoint may reach any other.' : 'Only endpoints of paired groups reach each other, both ways.'}
              </Text>
              {pairs.map((p, i) => (
                <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
                  <SelectField
                    label={i === 0 ? 'Security group' : undefined}
                    aria-label={`First group of pair ${i + 1}`}
                    placeholder="Pick a security group"
                    options={options}
                    value={p.from}
                    onChange={(from) => setPair(i, { ...p, from })}
                    disabled={!writer}
                    style={{ flex: 1 }}
                  />
                  <IconArrowsLeftRight size={18} style={{ marginBottom: 8 }} aria-hidden />
                  <SelectField
                    label={i === 0 ? 'Security group' : undefined}
                    aria-label={`Second group of pair ${i + 1}`}
                    placeholder="Pick a security group"
                    options={options}
                    value={p.to}
                    onChange={(to) => setPair(i, { ...p, to })}
                    disabled={!writer}
                    style={{ flex: 1 }}
                  />
                  {writer && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove pair ${i + 1}`}
                      mb={4}
                      onClick={() => setPairs(pairs.filter((_, j) => j !== i))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
              ))}
              {writer && (
                <Group>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconPlus size={14} />}
                    onClick={() => setPairs([...pairs, { from: null, to: null }])}
                  >
                    Add pair
                  </Button>
                </Group>
              )}
              {whole.length !== pairs.length && (
                <Text size="xs" c="orange">
                  A pair without both groups is not saved.
                </Text>
              )}
            </Stack>
          )}
          {formError && (
            <Text size="sm" c="red" role="alert">
              {formError}
            </Text>
          )}
          {writer && (
            <Group justify="flex-end">
              <Button
                variant="default"
                disabled={!changed || busy}
                onClick={() => {
                  setPeer(saved.peer_to_peer);
                  setPairs(saved.allowed_pairs);
                }}
              >
                Discard
              </Button>
              <Button type="submit" disabled={!changed} loading={busy}>
                Save
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
