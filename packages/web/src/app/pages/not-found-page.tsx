import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/paths';

export function NotFoundPage() {
  return (
    <Center mih="100vh">
      <Stack align="center" gap="xs">
        <Text fz={96} fw={800} c="blue.6" lh={1}>
          404
        </Text>
        <Title order={1} fz={28}>
          Page Not Found
        </Title>
        <Text c="dimmed">Error 404</Text>
        <Button component={Link} to={paths.root} mt="md">
          Go to home
        </Button>
      </Stack>
    </Center>
  );
}
