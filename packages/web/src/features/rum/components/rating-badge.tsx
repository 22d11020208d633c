import { Badge } from '@mantine/core';
import type { VitalRating } from '@netloom/domain';
import { RATING_COLOR, RATING_LABEL } from './vital-format';

/** Google's rating of a p75: good, needs improvement or poor; none without samples. */
export function RatingBadge({ rating }: { rating: VitalRating | null }) {
  if (!rating) return null;
  return (
    <Badge variant="light" color={RATING_COLOR[rating]}>
      {RATING_LABEL[rating]}
    </Badge>
  );
}
