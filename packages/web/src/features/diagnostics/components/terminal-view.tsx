import { useEffect, useRef } from 'react';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';

/** Past this many lines the terminal drops the oldest (the server keeps the whole run). */
const SCROLLBACK = 5_000;

/**
 * A diagnostic's output in a terminal: read-only, appending what is new as it comes, starting
 * over when the text is another run's. Devices end lines with \n; the terminal wants \r\n.
 */
export function TerminalView({ text, label }: { text: string; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  const terminal = useRef<Terminal | null>(null);
  const written = useRef('');

  useEffect(() => {
    const term = new Terminal({
      convertEol: true,
      disableStdin: true,
      scrollback: SCROLLBACK,
      rows: 20,
      fontSize: 13,
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
      theme: { background: '#101418', foreground: '#d8dee4' },
    });
    term.open(host.current!);
    terminal.current = term;
    written.current = '';
    return () => {
      term.dispose();
      terminal.current = null;
    };
  }, []);

  useEffect(() => {
    const term = terminal.current;
    if (!term) return;
    if (text.startsWith(written.current)) term.write(text.slice(written.current.length));
    else {
      term.reset();
      term.write(text);
    }
    written.current = text;
  }, [text]);

  return <div ref={host} role="log" aria-label={label} data-testid="diagnostic-terminal" />;
}
