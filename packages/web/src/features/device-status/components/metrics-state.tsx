import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Skeleton } from '@mantine/core';
import { ErrorPanel } from '@/components/error-panel';

/**
 * The graphs once their points arrived. A failed refresh keeps the last points on screen (the
 * next 10 s poll may well succeed); only a first load that failed shows the error panel.
 */
export function MetricsState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) return <ErrorPanel onRetry={() => void query.refetch()} />;
  return <Skeleton h={260} />;
}
