import type { ReactNode } from 'react';
import { Badge, Divider, Group, List, Modal, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';

/** One fact at the top of the detail dialog (spec 001 §3 Detail dialog). */
interface DetailInfo {
  name: string;
  value: ReactNode;
  /** Emphasised, e.g. the object's name. */
  primary?: boolean;
  /** Shown as a green Allow or red Block badge instead of the value. */
  actionStatus?: 'allow' | 'block';
}

interface DetailInfoSection {
  name: string;
  items: DetailInfo[];
}

interface DetailList {
  name: string;
  icon?: ReactNode;
  value: string[];
}

export interface DetailDialogContentProps {
  /** Heading above the lists, e.g. 'Policy details'. */
  detailsName?: string;
  topInfo?: DetailInfo[];
  topInfoSections?: DetailInfoSection[];
  lists?: DetailList[];
}

export interface DetailDialogProps extends DetailDialogContentProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
}

const ACTION_BADGE = {
  allow: { color: 'green', label: 'Allow' },
  block: { color: 'red', label: 'Block' },
} as const;

function InfoGrid({ items }: { items: DetailInfo[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      {items.map((item) => (
        <div key={item.name}>
          <Text size="xs" c="dimmed">
            {item.name}
          </Text>
          {item.actionStatus ? (
            <Badge color={ACTION_BADGE[item.actionStatus].color} variant="light">
              {ACTION_BADGE[item.actionStatus].label}
            </Badge>
          ) : (
            <Text size="sm" fw={item.primary ? 700 : 400} c={item.primary ? 'blue' : undefined}>
              {item.value ?? 'Not Available'}
            </Text>
          )}
        </div>
      ))}
    </SimpleGrid>
  );
}

/** The body of the read-only detail dialog, usable inside any modal. */
function DetailDialogContent({ detailsName, topInfo, topInfoSections, lists = [] }: DetailDialogContentProps) {
  return (
    <Stack gap="md">
      {topInfoSections
        ? topInfoSections.map((section) => (
            <Stack key={section.name} gap={6}>
              <Text fw={600} size="sm">
                {section.name}
              </Text>
              <InfoGrid items={section.items} />
            </Stack>
          ))
        : topInfo && <InfoGrid items={topInfo} />}
      {lists.length > 0 && (
        <>
          <Divider label={detailsName} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: Math.min(lists.length, 3) }} spacing="md">
            {lists.map((list) => (
              <Stack key={list.name} gap={4}>
                <Group gap={6}>
                  {list.icon && (
                    <ThemeIcon size="sm" variant="light">
                      {list.icon}
                    </ThemeIcon>
                  )}
                  <Text fw={600} size="sm">
                    {list.name}
                  </Text>
                </Group>
                {list.value.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    None
                  </Text>
                ) : (
                  <List size="sm" spacing={2} aria-label={list.name}>
                    {list.value.map((v, i) => (
                      <List.Item key={`${i}-${v}`}>{v}</List.Item>
                    ))}
                  </List>
                )}
              </Stack>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

/** Read-only detail dialog, controlled by the host. */
export function DetailDialog({ opened, onClose, title, ...content }: DetailDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{title}</Text>} size="lg" centered>
      <DetailDialogContent {...content} />
    </Modal>
  );
}

/** Opens the detail dialog through the modals manager, for hosts without their own state. */
export function openDetailDialog({ title, ...content }: Omit<DetailDialogProps, 'opened' | 'onClose'>) {
  return modals.open({ title: <Text fw={600}>{title}</Text>, size: 'lg', centered: true, children: <DetailDialogContent {...content} /> });
}
