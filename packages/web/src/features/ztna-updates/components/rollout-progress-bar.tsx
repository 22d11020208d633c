import { Progress, Stack, Text, Tooltip } from '@mantine/core';
import type { RolloutRow } from '@/features/ztna-updates/api/get-rollouts';

const share = (n: number, of: number) => (of === 0 ? 0 : (n / of) * 100);

/** Of the targeted endpoints: those updated, those in the stage still to update, and the rest. */
export function RolloutProgressBar({ rollout }: { rollout: RolloutRow }) {
  const { targeted, in_stage: inStage, updated } = rollout;
  const waiting = Math.max(0, inStage - updated);
  const label = `${updated} updated, ${waiting} pending in the stage, ${targeted} targeted`;
  return (
    <Stack gap={2} miw={180}>
      <Tooltip label={label}>
        <Progress.Root size="lg" aria-label={`Progress of ${rollout.version}`}>
          <Progress.Section value={share(updated, targeted)} color="green" />
          <Progress.Section value={share(waiting, targeted)} color="blue.3" />
        </Progress.Root>
      </Tooltip>
      <Text size="xs" c="dimmed">
        {updated} / {inStage} in stage · {targeted} targeted
      </Text>
    </Stack>
  );
}
