let supported: boolean | undefined;

/**
 * Whether this environment can draw on a canvas. jsdom (component tests) has no canvas and
 * returns null here; charts then render their frame without initialising ECharts.
 * The answer is cached because asking jsdom logs a 'not implemented' error each time.
 */
export function canvasSupported(): boolean {
  if (supported === undefined) {
    try {
      supported = document.createElement('canvas').getContext('2d') !== null;
    } catch {
      supported = false;
    }
  }
  return supported;
}
