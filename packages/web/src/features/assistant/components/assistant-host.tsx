import { useEffect, useState } from 'react';
import { ActionIcon, Affix, Paper, Text, Tooltip } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { canWriteConfig, type User } from '@netloom/domain';
import { useTenantScope } from '@/lib/tenant-scope';
import { AssistantPanel } from './assistant-panel';

/** The welcome pop-up shows this long after the console opens, for this long (spec 000 §2.21). */
const WELCOME_AFTER_MS = 5_000;
const WELCOME_FOR_MS = 60_000;

/** The assistant's button at the bottom right of every console page, for those who write configuration in a tenant. */
export function AssistantHost({ user }: { user: User }) {
  const tid = useTenantScope();
  const [open, setOpen] = useState(false);
  const [welcome, setWelcome] = useState(false);
  const allowed = tid !== null && canWriteConfig(user);
  useEffect(() => {
    if (!allowed) return;
    const show = setTimeout(() => setWelcome(true), WELCOME_AFTER_MS);
    const hide = setTimeout(() => setWelcome(false), WELCOME_AFTER_MS + WELCOME_FOR_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, [allowed]);
  if (!allowed) return null;
  return (
    <>
      {open && <AssistantPanel tid={tid} onClose={() => setOpen(false)} />}
      {/* Below dialogs (Mantine's modals sit at 200): the corner button never covers a dialog's buttons. */}
      <Affix
        position={{ bottom: 16, right: 16 }}
        zIndex={150}
        style={{ pointerEvents: 'none', display: 'flex', flexDirection: 'column', alignItems: 'flex-end' }}
      >
        {welcome && !open && (
          // Says where the assistant is, and takes no click from the page below it.
          <Paper withBorder shadow="md" p="xs" mb="xs" maw={220} role="status">
            <Text size="xs">Need a web-filter policy or an endpoint profile? Describe it to the assistant.</Text>
          </Paper>
        )}
        <Tooltip label="Assistant">
          <ActionIcon
            size="xl"
            radius="xl"
            style={{ pointerEvents: 'auto' }}
            aria-label="Assistant"
            aria-expanded={open}
            onClick={() => {
              setOpen(!open);
              setWelcome(false);
            }}
          >
            <IconSparkles size={22} />
          </ActionIcon>
        </Tooltip>
      </Affix>
    </>
  );
}
