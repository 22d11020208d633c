import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  USER_QUERY_PATHS,
  userQueryListSchema,
  userQueryReceiptSchema,
  userQuerySchema,
  type UserQueryBody,
  type UserQuerySource,
  type UserQueryStatus,
} from '@netloom/domain';
import { api } from '@/lib/http/client';

const key = ['user-queries'] as const;
/** The provider's list in the API's paged shape; the page reads every row of the filter (page_size=0). */
const listSchema = userQueryListSchema.transform((p) => p.results);

export interface UserQueryFilter {
  status?: UserQueryStatus;
  source?: UserQuerySource;
}

/** Questions people sent, the newest first (super admins). */
export function useUserQueries(filter: UserQueryFilter) {
  return useQuery({
    queryKey: [...key, filter],
    queryFn: ({ signal }) => api.get(USER_QUERY_PATHS.queries, listSchema, { query: { page_size: 0, ...filter }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateUserQuery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: { status?: UserQueryStatus; note?: string } }) =>
      api.put(USER_QUERY_PATHS.query(id), change, userQuerySchema),
    onSuccess: () => void qc.invalidateQueries({ queryKey: key }),
  });
}

/** A question to the provider, from a page that may have no session. */
export const askQuestion = (body: UserQueryBody) => api.post(USER_QUERY_PATHS.queries, body, userQueryReceiptSchema, { auth: false });
