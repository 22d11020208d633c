import { useState } from 'react';
import { Badge, Button, Group, TextInput } from '@mantine/core';
import { IconDownload, IconFilter, IconSearch } from '@tabler/icons-react';
import { openFilterDialog } from '@/components/dialogs/filter-dialog';
import type { FilterDefinition, FilterValues } from '@/components/dialogs/filter-types';
import { DateRangeButton } from '@/components/inputs/date-range-button';
import type { LogView } from './log-filter-body';

interface LogToolbarProps {
  view: LogView;
  searchPlaceholder: string;
  timezone: string | null;
  filterDefinitions: readonly FilterDefinition[];
  update: (patch: Record<string, string | null>) => void;
  /** The dialog's applied values; the page keeps only the fields it knows. */
  onFilters: (values: FilterValues) => void;
  onDownload: () => void;
  downloading: boolean;
}

/** Search, date range, 'Select Filters' and the CSV of a server-filtered log. */
export function LogToolbar({ view, searchPlaceholder, timezone, filterDefinitions, update, onFilters, onDownload, downloading }: LogToolbarProps) {
  const [term, setTerm] = useState(view.search);
  const active = Object.keys(view.filters).length;
  const submit = () => term.trim() !== view.search && update({ q: term.trim() || null });
  const chooseFilters = async () => {
    const result = await openFilterDialog(filterDefinitions, view.filters);
    if (result.applied) onFilters(result.values);
  };
  return (
    <Group mb="sm" justify="space-between">
      <Group>
        <TextInput
          aria-label="Search logs"
          placeholder={searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={term}
          w={300}
          onChange={(e) => setTerm(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
          onBlur={submit}
        />
        <DateRangeButton
          start={view.start}
          end={view.end}
          timezone={timezone}
          onApply={(r) => update({ from: r?.start_time ?? null, to: r?.end_time ?? null })}
        />
        <Button
          variant="default"
          leftSection={<IconFilter size={16} />}
          rightSection={
            active ? (
              <Badge size="xs" circle aria-label={`${active} filters in force`}>
                {active}
              </Badge>
            ) : null
          }
          onClick={() => void chooseFilters()}
        >
          Filters
        </Button>
      </Group>
      <Button variant="default" leftSection={<IconDownload size={16} />} loading={downloading} onClick={onDownload}>
        Download CSV
      </Button>
    </Group>
  );
}
