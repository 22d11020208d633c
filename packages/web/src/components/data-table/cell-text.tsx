import type { CSSProperties } from 'react';
import { Highlight } from '@mantine/core';
import { TABLE_DEFAULTS } from '@netloom/domain';

interface CellTextProps {
  text: string;
  highlight: string;
  maxWidth?: string;
  mono?: boolean;
}

/**
 * Cell text held to the column's width: cut with an ellipsis, the whole text in the native
 * tooltip. A plain element unless a search is on: a page of 100 rows has a thousand of these,
 * and Mantine's Highlight is only worth its cost when there is something to mark.
 */
export function CellText({ text, highlight, maxWidth, mono }: CellTextProps) {
  const style: CSSProperties = {
    maxWidth: maxWidth ?? TABLE_DEFAULTS.maxColumnWidth,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    fontFamily: mono ? 'var(--mantine-font-family-monospace)' : undefined,
  };
  if (!highlight) {
    return (
      <div title={text} style={style}>
        {text}
      </div>
    );
  }
  return (
    <Highlight component="div" highlight={highlight} inherit title={text} style={style}>
      {text}
    </Highlight>
  );
}
