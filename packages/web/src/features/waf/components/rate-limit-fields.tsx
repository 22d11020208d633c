import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { WafRateLimit } from '@netloom/domain';
import type { FormErrors } from '@/lib/forms';

interface RateLimitFieldsProps {
  limits: readonly WafRateLimit[];
  errors: FormErrors;
  disabled: boolean;
  onChange: (limits: WafRateLimit[]) => void;
}

/** Per-client request rates under a path: past the rate (and the burst), a client gets 429. */
export function RateLimitFields({ limits, errors, disabled, onChange }: RateLimitFieldsProps) {
  const set = (i: number, change: Partial<WafRateLimit>) => onChange(limits.map((l, j) => (j === i ? { ...l, ...change } : l)));
  return (
    <Stack gap="xs">
      {limits.length === 0 && (
        <Text size="sm" c="dimmed">
          No rate limit.
        </Text>
      )}
      {limits.map((l, i) => (
        <Group key={l.id} align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={`Rate limit ${i + 1} path`}
            label={i === 0 ? 'Path' : undefined}
            flex={1}
            value={l.path}
            disabled={disabled}
            onChange={(e) => set(i, { path: e.currentTarget.value })}
            error={errors[`rate_limits.${i}.path`]}
          />
          <NumberInput
            aria-label={`Rate limit ${i + 1} requests per minute`}
            label={i === 0 ? 'Requests per minute' : undefined}
            w={180}
            min={1}
            value={l.requests_per_minute}
            disabled={disabled}
            onChange={(n) => set(i, { requests_per_minute: typeof n === 'number' ? n : 0 })}
            error={errors[`rate_limits.${i}.requests_per_minute`]}
          />
          <NumberInput
            aria-label={`Rate limit ${i + 1} burst`}
            label={i === 0 ? 'Burst' : undefined}
            w={120}
            min={0}
            value={l.burst}
            disabled={disabled}
            onChange={(n) => set(i, { burst: typeof n === 'number' ? n : 0 })}
            error={errors[`rate_limits.${i}.burst`]}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={i === 0 ? 28 : 6}
            aria-label={`Remove rate limit ${i + 1}`}
            disabled={disabled}
            onClick={() => onChange(limits.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {!disabled && (
        <Button
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...limits, { id: crypto.randomUUID(), path: '/', requests_per_minute: 600, burst: 0 }])}
        >
          Add rate limit
        </Button>
      )}
    </Stack>
  );
}
