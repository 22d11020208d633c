import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_PATHS, TOUR_VERSIONS, tourStateSchema, type TourId, type TourState } from '@netloom/domain';
import { api } from '@/lib/http/client';

/** The tours (and versions) the signed-in user has finished; per user, so keyed by the user. */
const tourStateQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['profile', 'tours', userId],
    queryFn: ({ signal }) => api.get(CONSOLE_PATHS.tours, tourStateSchema, { signal }),
    staleTime: Infinity,
  });

export function useTourState(userId: string | undefined) {
  return useQuery({ ...tourStateQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

/**
 * Marks the current version of a tour finished; the answer is the whole state, kept as the cache.
 * The cache says finished at once: a dashboard whose fleet flickers between empty and not while
 * the request is on its way must not start the tour a second time.
 */
export function useCompleteTour(userId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tour: TourId) => api.put(CONSOLE_PATHS.tour(tour), { version: TOUR_VERSIONS[tour] }, tourStateSchema),
    onMutate: (tour) => {
      if (!userId) return;
      client.setQueryData(tourStateQueryOptions(userId).queryKey, (state: TourState | undefined) =>
        state ? { tours: [...state.tours, { tour, version: TOUR_VERSIONS[tour], completed_at: new Date().toISOString() }] } : state,
      );
    },
    onSuccess: (state) => {
      if (userId) client.setQueryData(tourStateQueryOptions(userId).queryKey, state);
    },
  });
}
