import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { FREE_TRIAL_DIALOG_TITLE } from '@netloom/domain';
import { externalLinks } from '@/paths';
import { ExploreTopics } from './explore-topics';

// Over the header (210) and anything the tour left on the page.
const DIALOG_Z_INDEX = 1000;

interface Props {
  /** 'pause': the tour goes on after it (Skip shown); 'end': the tour is over (no Skip). */
  kind: 'pause' | 'end' | null;
  /** The step the tour stopped at (kept on the dialog as `data-tour-pause`). */
  at?: string | null;
  userId: string;
  /** Skip or the close button. */
  onClose: () => void;
  onSignUp: () => void;
}

/** The free-trial dialog of the demo tour (spec 000 §2.17). */
export function FreeTrialDialog({ kind, at = null, userId, onClose, onSignUp }: Props) {
  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      title={FREE_TRIAL_DIALOG_TITLE}
      size="lg"
      centered
      zIndex={DIALOG_Z_INDEX}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md" data-tour-pause={at ?? kind ?? undefined}>
        <Text size="sm">
          {kind === 'end'
            ? 'That was the tour. Sign up to connect your own users and devices, or talk to us first.'
            : 'Connect users to the applications they need, nothing more, and keep the web safe for them. Explore a topic:'}
        </Text>
        <ExploreTopics userId={userId} />
        <Group justify="flex-end" gap="sm">
          {kind === 'pause' && (
            <Button variant="subtle" color="gray" onClick={onClose}>
              Skip
            </Button>
          )}
          <Button variant="default" onClick={() => window.open(externalLinks.scheduleCall, '_blank', 'noopener,noreferrer')}>
            Schedule a Call
          </Button>
          <Button onClick={onSignUp}>Sign Up</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
