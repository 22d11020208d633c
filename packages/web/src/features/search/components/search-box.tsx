import { Input, Kbd } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_HOTKEY } from '@/features/search/hooks/use-search-hotkey';

/** The header's search box (spec 000 §2.14): looks like a field, opens the dialog, shows its key. */
export function SearchBox({ onOpen }: { onOpen: () => void }) {
  return (
    <Input
      component="button"
      type="button"
      pointer
      onClick={onOpen}
      aria-label="Search"
      aria-keyshortcuts={SEARCH_HOTKEY}
      aria-haspopup="dialog"
      data-tour="search"
      leftSection={<IconSearch size={16} />}
      rightSection={<Kbd size="xs">{SEARCH_HOTKEY}</Kbd>}
      rightSectionPointerEvents="none"
      // Between 180 and 450 px, growing with the window; at the 1000 px minimum the header's other
      // controls leave it 180.
      w="clamp(180px, calc(100vw - 900px), 450px)"
      miw={180}
      maw={450}
      style={{ flexShrink: 1 }}
    >
      <Input.Placeholder>Search</Input.Placeholder>
    </Input>
  );
}
