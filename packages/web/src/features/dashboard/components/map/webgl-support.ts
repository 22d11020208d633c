let supported: boolean | undefined;

/**
 * Whether this browser can give MapLibre a WebGL context. jsdom, locked-down browsers and old
 * GPUs cannot; the card then shows a panel instead of failing inside MapLibre's constructor.
 * Cached: each probe creates a context, and browsers cap how many a page may hold.
 */
export function webglSupported(): boolean {
  if (supported === undefined) {
    try {
      const canvas = document.createElement('canvas');
      supported = Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
    } catch {
      supported = false;
    }
  }
  return supported;
}
