import { Group, SegmentedControl, Skeleton, Switch, Text } from '@mantine/core';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useDefaultAction } from '@/features/web-filter/api/get-default-action';
import { useWebFilterGlobal } from '@/features/web-filter/api/get-web-filter-global';
import { useSetDefaultAction } from '@/features/web-filter/api/set-default-action';
import { useSetWebFilterStatus } from '@/features/web-filter/api/set-web-filter-status';

/**
 * The tenant-wide settings: the web filter on or off, and what happens when no policy decides.
 * `writer`: the user may change them (owners and admins, canChangeWebFilterSettings).
 */
export function WebFilterControls({ writer }: { writer: boolean }) {
  const global = useWebFilterGlobal();
  const action = useDefaultAction();
  const setStatus = useSetWebFilterStatus();
  const setAction = useSetDefaultAction();
  const fail = (e: unknown) => toast.error(formErrorMessage(e));

  return (
    <Group gap="lg" wrap="wrap">
      {global.data ? (
        <Switch
          label="Web filter"
          description={global.data.status ? 'On: policies are enforced' : 'Off: every request goes through'}
          checked={global.data.status}
          disabled={!writer || setStatus.isPending}
          onChange={(e) => setStatus.mutate(e.currentTarget.checked, { onError: fail })}
        />
      ) : (
        <Skeleton h={36} w={160} />
      )}
      <Group gap="xs" role="radiogroup" aria-label="Default action">
        <Text size="sm" fw={500}>
          Default action
        </Text>
        {action.data ? (
          <SegmentedControl
            size="xs"
            color={action.data.default_action_blocked ? 'red' : 'green'}
            data={[
              { value: 'allow', label: 'Allow' },
              { value: 'block', label: 'Block' },
            ]}
            value={action.data.default_action_blocked ? 'block' : 'allow'}
            disabled={!writer || setAction.isPending}
            onChange={(v) => setAction.mutate(v === 'block', { onError: fail })}
          />
        ) : (
          <Skeleton h={28} w={120} />
        )}
      </Group>
      {!writer && (
        <Text size="xs" c="dimmed">
          Owners and admins change these settings.
        </Text>
      )}
    </Group>
  );
}
