let probed: { getContext: unknown; supported: boolean } | undefined;

/**
 * Whether this environment can draw on a canvas. jsdom (component tests) has no canvas and
 * returns null here; charts then render their frame without initialising ECharts.
 * The answer is cached because asking jsdom logs a 'not implemented' error each time; it is asked
 * again only when the canvas itself was replaced (a component test gives jsdom a fake one).
 */
export function canvasSupported(): boolean {
  const getContext = globalThis.HTMLCanvasElement?.prototype.getContext;
  if (!probed || probed.getContext !== getContext) {
    let supported: boolean;
    try {
      supported = document.createElement('canvas').getContext('2d') !== null;
    } catch {
      supported = false;
    }
    probed = { getContext, supported };
  }
  return probed.supported;
}
