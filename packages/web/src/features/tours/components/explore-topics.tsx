import { useState } from 'react';
import { AspectRatio, List, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { TUTORIAL_TOPICS, type TutorialTopic } from '@netloom/domain';
import { useExploredTopics } from '@/features/tours/explored-topics';
import { tutorialVideoUrl } from '@/features/tours/tutorial-video';

// Above the free-trial dialog it opens from.
const TUTORIAL_Z_INDEX = 1100;

/** The 'Explore' form: six tutorial topics; one opened before is shown struck through. */
export function ExploreTopics({ userId }: { userId: string }) {
  const [explored, markExplored] = useExploredTopics(userId);
  const [open, setOpen] = useState<TutorialTopic | null>(null);
  const video = open ? tutorialVideoUrl(open.id) : null;

  return (
    <>
      <Stack gap={4} role="list" aria-label="Explore">
        {TUTORIAL_TOPICS.map((t) => {
          const seen = explored.has(t.id);
          return (
            <UnstyledButton
              key={t.id}
              role="listitem"
              onClick={() => {
                markExplored(t.id);
                setOpen(t);
              }}
              aria-description={seen ? 'Opened before' : undefined}
              data-explored={seen || undefined}
            >
              <Text size="sm" c={seen ? 'dimmed' : 'blue'} td={seen ? 'line-through' : undefined}>
                {t.title}
              </Text>
            </UnstyledButton>
          );
        })}
      </Stack>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open?.title}
        size="lg"
        centered
        zIndex={TUTORIAL_Z_INDEX}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {open && (
          <Stack gap="md">
            {video && (
              <AspectRatio ratio={16 / 9}>
                <iframe src={video} title={`${open.title} video`} allow="fullscreen; picture-in-picture" style={{ border: 0 }} />
              </AspectRatio>
            )}
            <List type="ordered" spacing="xs">
              {open.steps.map((s) => (
                <List.Item key={s}>{s}</List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Modal>
    </>
  );
}
