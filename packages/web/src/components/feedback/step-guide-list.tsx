import type { ReactNode } from 'react';
import { Group, Stack, Text, ThemeIcon } from '@mantine/core';

export interface GuideStep {
  title: ReactNode;
  description?: ReactNode;
}

/** Numbered how-to steps (install guides, onboarding), spec 000 §2.18 step guide list. */
export function StepGuideList({ steps }: { steps: GuideStep[] }) {
  return (
    <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
      {steps.map((step, i) => (
        <Group component="li" key={i} align="flex-start" gap="sm" wrap="nowrap">
          <ThemeIcon radius="xl" size={28} variant="light" aria-hidden>
            <Text size="sm" fw={700}>
              {i + 1}
            </Text>
          </ThemeIcon>
          <Stack gap={2}>
            <Text fw={600} size="sm">
              {step.title}
            </Text>
            {step.description && (
              <Text size="sm" c="dimmed">
                {step.description}
              </Text>
            )}
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
