import { Badge, Button, Group, Popover, Select } from '@mantine/core';
import { IconBan, IconTag } from '@tabler/icons-react';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { snack } from '@/lib/notify';
import { useBlockDomain } from '@/features/web-filter-analytics/api/block-domain';
import { useCategoriseDomain } from '@/features/web-filter-analytics/api/categorise-domain';

interface DiscoveryRowActionsProps {
  domain: string;
  /** On the organisation's own list already: blocked shows as such instead of the button. */
  listed?: 'allowed' | 'blocked' | null;
  categories: readonly { id: string; name: string }[];
}

/**
 * One click per decision on an undiscovered domain: file it under a category (the policies that
 * block or allow that category then apply), or put it on the organisation's blocked list.
 */
export function DiscoveryRowActions({ domain, listed, categories }: DiscoveryRowActionsProps) {
  const categorise = useCategoriseDomain();
  const block = useBlockDomain();
  const fail = (e: unknown) => toast.error(formErrorMessage(e));
  const choose = (category: string | null) => {
    if (!category) return;
    const name = categories.find((c) => c.id === category)?.name ?? category;
    categorise.mutate({ domain, category }, { onSuccess: () => snack(`${domain} added to ${name}`, { color: 'green' }), onError: fail });
  };
  return (
    <Group gap={6} wrap="nowrap">
      <Popover position="bottom-end" shadow="md" width={260} withinPortal trapFocus>
        <Popover.Target>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconTag size={14} />}
            loading={categorise.isPending}
            aria-label={`Add ${domain} to a category`}
          >
            Add to category
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Select
            label={`Category of ${domain}`}
            placeholder="Pick a category"
            data={categories.map((c) => ({ value: c.id, label: c.name }))}
            searchable
            nothingFoundMessage="No such category"
            comboboxProps={{ withinPortal: false }}
            value={null}
            onChange={choose}
          />
        </Popover.Dropdown>
      </Popover>
      {listed === 'blocked' ? (
        <Badge color="red" variant="light" aria-label={`${domain} is blocked`}>
          Blocked
        </Badge>
      ) : (
        <Button
          size="compact-sm"
          color="red"
          variant="light"
          leftSection={<IconBan size={14} />}
          loading={block.isPending}
          aria-label={`Block ${domain}`}
          onClick={() => block.mutate({ domain }, { onSuccess: () => snack(`${domain} added to the blocked list`, { color: 'green' }), onError: fail })}
        >
          Block
        </Button>
      )}
    </Group>
  );
}
