import { Alert, Button, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/paths';

/** Shown in place of a visitor form once the server accepted it. */
export function FormSuccess({ message }: { message: string }) {
  return (
    <Stack>
      <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
        {message}
      </Alert>
      <Button component={Link} to={paths.auth.login} fullWidth>
        Go to sign in
      </Button>
    </Stack>
  );
}
