import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';

// findBy… and waitFor wait for what a user would see; on a busy machine a render takes seconds, not
// the default one. A test still fails when the thing never comes.
configure({ asyncUtilTimeout: 10_000 });

// Mantine reads these browser APIs that jsdom does not implement.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};
// Mantine's Textarea autosize listens on document.fonts (a FontFaceSet in every browser) to measure
// again once web fonts load; jsdom has none. An event target that never fires stands in for it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
}

afterEach(() => {
  cleanup();
  // Mantine keeps its notifications in a module-wide store, outside what cleanup unmounts.
  notifications.clean();
  localStorage.clear();
  sessionStorage.clear();
});
