import { Badge, Stack, Text } from '@mantine/core';
import type { NacDecision, NacState } from '@netloom/domain';
import { awaitingGateway } from '@/features/nac/api/get-nac-hosts';

const DECISION_LOOK: Record<NacDecision, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'gray' },
  allow: { label: 'Allow', color: 'green' },
  block: { label: 'Block', color: 'red' },
  quarantine: { label: 'Quarantine', color: 'orange' },
};
const STATE_LOOK: Record<NacState, { label: string; color: string }> = {
  allowed: { label: 'Allowed', color: 'green' },
  blocked: { label: 'Blocked', color: 'red' },
  quarantined: { label: 'Quarantined', color: 'orange' },
};

/** What the tenant decided about a host. */
export function DecisionBadge({ decision }: { decision: NacDecision }) {
  const look = DECISION_LOOK[decision];
  return (
    <Badge color={look.color} variant="light" tt="none" miw="max-content">
      {look.label}
    </Badge>
  );
}

/** What the gateway says it enforces, and a note while that is not the decision yet. */
export function EnforcedState({ decision, state }: { decision: NacDecision; state: NacState }) {
  const look = STATE_LOOK[state];
  return (
    <Stack gap={2}>
      <Badge color={look.color} variant="outline" tt="none" miw="max-content">
        {look.label}
      </Badge>
      {awaitingGateway({ decision, state }) && (
        <Text size="xs" c="orange">
          Not enforced yet
        </Text>
      )}
    </Stack>
  );
}
