import { useEffect } from 'react';

/** The key that opens the search (spec 000 §2.14). */
export const SEARCH_HOTKEY = 's';

/**
 * Typing somewhere (a text field, a select, editable content) keeps its own 's'; so does a dialog
 * or menu that has the focus: the search does not open over another dialog.
 */
function isBusy(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [role="dialog"], [role="menu"], [role="listbox"]')) return true;
  return target.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}

/** Runs `open` when the hotkey is pressed on its own, anywhere but while typing or in another dialog. */
export function useSearchHotkey(open: () => void, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== SEARCH_HOTKEY || e.ctrlKey || e.metaKey || e.altKey || e.repeat || e.defaultPrevented) return;
      if (isBusy(e.target)) return;
      // The key opens the dialog; it is not typed into the search field that takes the focus.
      e.preventDefault();
      open();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, enabled]);
}
