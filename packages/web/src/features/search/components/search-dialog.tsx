import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Input, Loader, Text } from '@mantine/core';
import { Spotlight, type SpotlightStore } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { exactEntry, matchEntries, type SearchEntry } from '@netloom/domain';
import type { SearchTarget } from '@/features/search/hooks/search-targets';

/** One thing the dialog offers: a page of the catalogue, a recent page, or a server result. */
export interface SearchItem {
  id: string;
  label: string;
  description?: string | null;
  group: string;
  target: SearchTarget;
}

export interface SearchDialogProps {
  store: SpotlightStore;
  /** The user's pages, in the order the dialog lists them (the active product's first). */
  entries: readonly SearchEntry[];
  entryItem: (e: SearchEntry) => SearchItem;
  /** The recent pages, newest first, already as items. */
  recent: readonly SearchItem[];
  query: string;
  onQueryChange: (q: string) => void;
  /** The server's results for the query, as items grouped by kind. */
  server: { items: readonly SearchItem[]; searching: boolean; failed: boolean };
  onOpen: (t: SearchTarget) => void;
  onClose: () => void;
}

/** Items in groups, the groups in the order their first item comes. */
function grouped(items: readonly SearchItem[]): { group: string; items: SearchItem[] }[] {
  const groups = new Map<string, SearchItem[]>();
  for (const item of items) groups.set(item.group, [...(groups.get(item.group) ?? []), item]);
  return [...groups].map(([group, list]) => ({ group, items: list }));
}

/**
 * The grouped command dialog (spec 000 §2.15, §5): pages by group, recent pages before anything is
 * typed, the tenant's own things found by the server as it is. Enter opens an option only when the
 * text is its name (ignoring case and whitespace) or when one was picked with the arrow keys.
 */
export function SearchDialog({ store, entries, entryItem, recent, query, onQueryChange, server, onOpen, onClose }: SearchDialogProps) {
  const typed = query.trim().length > 0;
  const items = useMemo(
    () => (typed ? [...matchEntries(query, entries).map(entryItem), ...server.items] : [...recent, ...entries.map(entryItem)]),
    [typed, query, entries, entryItem, server.items, recent],
  );
  // -1: nothing picked with the keys; Enter then follows the exact-match rule.
  const [picked, setPicked] = useState(-1);
  const listRef = useRef<HTMLDivElement>(null);
  // New text starts without a pick; closing the dialog clears the text (and so the pick).
  useEffect(() => setPicked(-1), [query]);
  useEffect(() => {
    listRef.current?.querySelector('[data-selected]')?.scrollIntoView({ block: 'nearest' });
  }, [picked]);

  const open = (item: SearchItem) => {
    onClose();
    onOpen(item.target);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (items.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setPicked((p) => (p === -1 ? (step === 1 ? 0 : items.length - 1) : (p + step + items.length) % items.length));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const chosen = items[picked] ?? exactEntry(query, items);
      if (chosen) open(chosen);
    }
  };

  let index = 0;
  return (
    <Spotlight.Root store={store} shortcut={null} query={query} onQueryChange={onQueryChange} onSpotlightClose={() => onQueryChange('')}>
      <Input
        classNames={{ input: Spotlight.classes.search }}
        size="lg"
        data-autofocus
        aria-label="Search"
        placeholder="Search pages, devices, users…"
        leftSection={<IconSearch size={18} />}
        rightSection={server.searching ? <Loader size="xs" aria-label="Searching" /> : null}
        value={query}
        onChange={(e) => onQueryChange(e.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      {/* As tall as its options, up to a height that keeps the dialog on the screen. */}
      <Spotlight.ActionsList ref={listRef} mah="min(480px, calc(100vh - 220px))">
        {grouped(items).map(({ group, items: list }) => (
          <Box key={group} role="group" aria-label={group} pb={4}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="md" pt="xs" pb={4}>
              {group}
            </Text>
            {list.map((item) => {
              const at = index++;
              return (
                <Spotlight.Action
                  key={item.id}
                  label={item.label}
                  description={item.description ?? undefined}
                  data-selected={at === picked || undefined}
                  closeSpotlightOnTrigger={false}
                  onClick={() => open(item)}
                />
              );
            })}
          </Box>
        ))}
        {server.failed && (
          <Text size="sm" c="red" px="md" py="xs">
            Devices, users and policies could not be searched. Try again in a moment.
          </Text>
        )}
        {typed && items.length === 0 && !server.searching && <Spotlight.Empty>Nothing found</Spotlight.Empty>}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
