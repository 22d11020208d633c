/*
 * Errors group by fingerprint: the message with its variable parts (numbers, ids, quoted values,
 * URLs) replaced, and the top stack frame's function and file (without line and column, which move
 * with every release). Two users hitting the same bug on different records count as one error.
 */

export function normaliseErrorMessage(message: string): string {
  return message
    .replace(/https?:\/\/\S+/g, '<url>')
    .replace(/(["'`]).*?\1/g, '<value>')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<id>')
    .replace(/\b0x[0-9a-f]+\b/gi, '<n>')
    .replace(/\b[0-9a-f]{12,}\b/gi, '<id>')
    .replace(/\d+(\.\d+)?/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}

export interface StackFrame {
  fn: string | null;
  file: string;
  line: number;
  col: number;
}

// V8: "    at fn (https://x/app.js:1:2)" or "    at https://x/app.js:1:2"; Firefox and Safari: "fn@https://x/app.js:1:2".
const V8_FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?\s*$/;
const GECKO_FRAME = /^\s*(.*?)@(.+?):(\d+):(\d+)\s*$/;

/** The frames of a stack trace both V8 and Firefox/Safari write; lines that are not frames are skipped. */
export function parseStack(stack: string): StackFrame[] {
  const frames: StackFrame[] = [];
  for (const line of stack.split('\n')) {
    const m = V8_FRAME.exec(line) ?? GECKO_FRAME.exec(line);
    if (!m) continue;
    frames.push({ fn: m[1] ? m[1] : null, file: m[2]!, line: Number(m[3]), col: Number(m[4]) });
  }
  return frames;
}

const withoutQuery = (file: string): string => file.replace(/[?#].*$/, '');

/** FNV-1a, 64 bits, as 16 hex digits: a stable short key the browser-independent code can compute. */
function fnv1a64(text: string): string {
  let h = 0xcbf29ce484222325n;
  const bytes = new TextEncoder().encode(text);
  for (const b of bytes) {
    h ^= BigInt(b);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

/** An error's group: its normalised message and top frame (or the reported source when there is no stack). */
export function errorFingerprint(e: { message: string; kind?: string; stack?: string; source?: string }): string {
  const top = e.stack ? parseStack(e.stack)[0] : undefined;
  const where = top ? `${top.fn ?? '<anonymous>'}@${withoutQuery(top.file)}` : e.source ? withoutQuery(e.source) : '';
  return fnv1a64(`${e.kind ?? 'Error'}|${normaliseErrorMessage(e.message)}|${where}`);
}
