import type { ReactNode } from 'react';
import { Box, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Logo } from '@/components/logo';

const HIGHLIGHTS = [
  'SD-WAN gateways and zero-trust clients in one console',
  'Live device status, alarms and traffic insights',
  'Multi-tenant by design, with per-role access',
];

/** Visitor pages share this frame: the product on the left, the form on the right. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Group gap={0} mih="100vh" wrap="nowrap" align="stretch">
      <Box
        w="42%"
        p={56}
        style={{
          background: 'linear-gradient(150deg, var(--mantine-color-blue-9) 0%, var(--mantine-color-indigo-7) 100%)',
          color: 'white',
        }}
      >
        <Stack h="100%" justify="space-between">
          <Group gap={10}>
            <svg width={34} height={34} viewBox="0 0 32 32" aria-hidden="true">
              <rect width="32" height="32" rx="7" fill="rgba(255,255,255,0.16)" />
              <path d="M8 23V9l8 9 8-9v14" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <Text fw={700} fz={22} c="white">
              Netloom
            </Text>
          </Group>
          <Stack gap="lg" maw={420}>
            <Text c="white" fz={30} fw={700} lh={1.25}>
              Secure, observable networks for every site and every user.
            </Text>
            <List
              spacing="sm"
              icon={
                <ThemeIcon size={22} radius="xl" color="white" c="blue.8">
                  <IconCheck size={14} />
                </ThemeIcon>
              }
            >
              {HIGHLIGHTS.map((h) => (
                <List.Item key={h}>
                  <Text c="blue.0">{h}</Text>
                </List.Item>
              ))}
            </List>
          </Stack>
          <Text size="xs" c="blue.2">
            © {new Date().getFullYear()} Netloom
          </Text>
        </Stack>
      </Box>
      {/* The form is the page's main content; the product panel beside it is decoration. */}
      <Box component="main" style={{ flex: 1 }} bg="var(--mantine-color-default-hover)" p={40}>
        <Stack h="100%" justify="center" align="center">
          <Paper w={420} p={36} shadow="sm" withBorder>
            <Box hiddenFrom="xs">
              <Logo />
            </Box>
            <Title order={1} fz={24}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm" mt={4}>
                {subtitle}
              </Text>
            )}
            <Box mt="xl">{children}</Box>
          </Paper>
        </Stack>
      </Box>
    </Group>
  );
}
