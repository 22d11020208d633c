import { useSyncExternalStore } from 'react';

/** Whether the live chat box is open: the side menu's Live Chat toggles it, the box's close button shuts it. */
let open = false;
const listeners = new Set<() => void>();
const set = (next: boolean) => {
  open = next;
  for (const l of listeners) l();
};

export const chatBox = {
  toggle: () => set(!open),
  close: () => set(false),
  isOpen: () => open,
};

export function useChatBoxOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
  );
}
