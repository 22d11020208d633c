import { Highlight } from '@mantine/core';
import { TABLE_DEFAULTS } from '@netloom/domain';

interface CellTextProps {
  text: string;
  highlight: string;
  maxWidth?: string;
  mono?: boolean;
}

/** Cell text held to the column's width: cut with an ellipsis, the whole text in the native tooltip. */
export function CellText({ text, highlight, maxWidth, mono }: CellTextProps) {
  return (
    <Highlight
      highlight={highlight}
      size="sm"
      truncate
      title={text}
      maw={maxWidth ?? TABLE_DEFAULTS.maxColumnWidth}
      ff={mono ? 'monospace' : undefined}
    >
      {text}
    </Highlight>
  );
}
