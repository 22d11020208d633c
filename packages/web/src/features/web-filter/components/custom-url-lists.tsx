import { useEffect, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useCustomList } from '@/features/web-filter/api/get-custom-list';
import { useSaveCustomList } from '@/features/web-filter/api/save-custom-list';
import { AllowBlockFields } from './allow-block-fields';

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The organisation's own allowed and blocked URLs: checked before every policy, for everyone; `writer`: owners and admins. */
export function CustomUrlLists({ writer }: { writer: boolean }) {
  const list = useCustomList();
  const save = useSaveCustomList();
  const [allowed, setAllowed] = useState<string[]>([]);
  const [blocked, setBlocked] = useState<string[]>([]);
  // The saved lists replace the draft whenever they change (a save, or a block from the URL discovery report).
  useEffect(() => {
    if (!list.data) return;
    setAllowed(list.data.allowed_urls);
    setBlocked(list.data.blocked_urls);
  }, [list.data]);
  const changed = !!list.data && (!same(allowed, list.data.allowed_urls) || !same(blocked, list.data.blocked_urls));

  return (
    <Paper withBorder p="md" data-testid="organisation-url-lists">
      <Stack gap="sm">
        <div>
          <Title order={3} fz="md">
            Organisation URL lists
          </Title>
          <Text size="sm" c="dimmed">
            Checked before every policy, for everyone: allowed first.{!writer && ' Owners and admins change them.'}
          </Text>
        </div>
        <AllowBlockFields
          kind="url"
          owner="Organisation"
          allowed={allowed}
          blocked={blocked}
          onChange={(a, b) => {
            setAllowed(a);
            setBlocked(b);
          }}
          disabled={!writer || !list.data}
          sideBySide="md"
        />
        {writer && (
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={!changed}
              onClick={() => {
                if (!list.data) return;
                setAllowed(list.data.allowed_urls);
                setBlocked(list.data.blocked_urls);
              }}
            >
              Discard
            </Button>
            <Button
              disabled={!changed}
              loading={save.isPending}
              onClick={() =>
                save.mutate(
                  { allowed_urls: allowed, blocked_urls: blocked },
                  { onSuccess: () => toast.edited('URL lists'), onError: (e) => toast.error(formErrorMessage(e)) },
                )
              }
            >
              Save lists
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
