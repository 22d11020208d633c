import { Badge } from '@mantine/core';
import { formatScore, scoreColor } from './dem-labels';

/** An experience score (0–100) in its colour; a dash when nothing was measured. */
export function ScoreBadge({ score, size = 'md' }: { score: number | null; size?: 'sm' | 'md' | 'lg' | 'xl' }) {
  return (
    <Badge variant="light" color={scoreColor(score)} size={size} aria-label={score === null ? 'No score' : `Score ${formatScore(score)}`}>
      {formatScore(score)}
    </Badge>
  );
}
