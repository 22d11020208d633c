import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { parseStack } from '@netloom/domain';

const withoutQuery = (file: string): string => file.replace(/[?#].*$/, '');

/** The minified files a stack's frames are in (without query strings), to look their maps up. */
export const stackFiles = (stack: string): string[] => [...new Set(parseStack(stack).map((f) => withoutQuery(f.file)))];

/** A map that cannot be read resolves nothing (its frames stay as they came). */
function traceMapOf(text: string): TraceMap | null {
  try {
    return new TraceMap(text);
  } catch {
    return null;
  }
}

/**
 * The stack with each frame in a file that has a map rewritten to its original source, line, column
 * and name (V8's "at name (file:line:col)" form); frames without a map stay as they were. `resolved`
 * says whether any frame was.
 */
export function resolveStack(stack: string, maps: ReadonlyMap<string, string>): { stack: string; resolved: boolean } {
  const traces = new Map<string, TraceMap | null>();
  const traceOf = (file: string): TraceMap | null => {
    if (!traces.has(file)) {
      const text = maps.get(file);
      traces.set(file, text ? traceMapOf(text) : null);
    }
    return traces.get(file)!;
  };
  let resolved = false;
  const lines = stack.split('\n').map((line) => {
    const [frame] = parseStack(line);
    if (!frame) return line;
    const trace = traceOf(withoutQuery(frame.file));
    if (!trace) return line;
    // Stacks count columns from 1, source maps from 0.
    const pos = originalPositionFor(trace, { line: frame.line, column: Math.max(0, frame.col - 1) });
    if (pos.source === null || pos.line === null) return line;
    resolved = true;
    const name = pos.name ?? frame.fn;
    const where = `${pos.source}:${pos.line}:${(pos.column ?? 0) + 1}`;
    return name ? `    at ${name} (${where})` : `    at ${where}`;
  });
  return { stack: lines.join('\n'), resolved };
}
