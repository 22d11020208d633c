import type { ReactNode } from 'react';
import { Timeline, Text } from '@mantine/core';

export interface InstallStep {
  title: string;
  body: ReactNode;
}

/** Common steps after the installer itself (spec 000 §2.9). */
export const AFTER_INSTALL_STEPS: InstallStep[] = [
  {
    title: 'Sign in',
    body: 'Open MicroZAccess and sign in with your e-mail and password, your organisation’s SSO, or Google.',
  },
  { title: 'Default profile', body: 'A default profile named mza appears once you are signed in.' },
  { title: 'Connect', body: 'Use the toggle next to the profile to connect.' },
  { title: 'Manage profiles', body: 'Add or edit profiles at any time from the client’s dashboard.' },
];

export function InstallSteps({ steps }: { steps: InstallStep[] }) {
  return (
    <Timeline active={steps.length} bulletSize={24} lineWidth={2} mt="md">
      {steps.map((s, i) => (
        <Timeline.Item
          key={s.title}
          title={s.title}
          bullet={
            <Text size="xs" fw={700}>
              {i + 1}
            </Text>
          }
        >
          <Text c="dimmed" size="sm">
            {s.body}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
