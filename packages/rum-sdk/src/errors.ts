import type { RumEvent } from './types.ts';
import { clip, safe } from './util.ts';

type ErrorEvent_ = Extract<RumEvent, { t: 'error' }>;

/** A page stuck in a loop of errors reports the first ones, not thousands. */
const MAX_PER_VIEW = 25;

function fromThrown(thrown: unknown, fallbackKind: string): Pick<ErrorEvent_, 'message' | 'kind' | 'stack'> {
  if (thrown instanceof Error) {
    return { message: clip(thrown.message || String(thrown), 1000), kind: thrown.name || fallbackKind, stack: thrown.stack && clip(thrown.stack, 8000) };
  }
  let message: string;
  try {
    message = typeof thrown === 'string' ? thrown : (JSON.stringify(thrown) ?? String(thrown));
  } catch {
    message = String(thrown);
  }
  return { message: clip(message, 1000), kind: fallbackKind };
}

/**
 * Uncaught errors and unhandled promise rejections, with their stack. `report` is called with the
 * event; `newView` tells the count per page view to start again.
 */
export function observeErrors(report: (event: ErrorEvent_) => void): { newView(): void } {
  let count = 0;
  const seen = new Set<string>();
  const push = (event: ErrorEvent_) => {
    const key = `${event.message}|${event.source}|${event.line}|${event.col}`;
    if (count >= MAX_PER_VIEW || seen.has(key)) return;
    count++;
    seen.add(key);
    report(event);
  };
  addEventListener(
    'error',
    safe((e: ErrorEvent) => {
      // Listening on window without capture: resource load failures (img, script 404) do not reach here.
      const base =
        e.error !== undefined && e.error !== null ? fromThrown(e.error, 'Error') : { message: clip(e.message || 'Script error.', 1000), kind: 'Error' };
      push({ t: 'error', at: Date.now(), ...base, source: e.filename || undefined, line: e.lineno || undefined, col: e.colno || undefined });
    }),
  );
  addEventListener(
    'unhandledrejection',
    safe((e: PromiseRejectionEvent) => push({ t: 'error', at: Date.now(), ...fromThrown(e.reason, 'UnhandledRejection') })),
  );
  return {
    newView() {
      count = 0;
      seen.clear();
    },
  };
}
