import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_PATHS, announcementListSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';

/** The signed-in user's announcements: one list per user, whatever page asks for it. */
export const announcementsKey = ['announcements'] as const;

/** What is shown to the signed-in user now, newest first, with the unread count. */
export function useAnnouncements(enabled = true) {
  return useQuery({
    queryKey: announcementsKey,
    queryFn: ({ signal }) => api.get(CONSOLE_PATHS.announcements, announcementListSchema, { signal }),
    enabled,
  });
}

/** Marks the given announcements read (every one shown without ids); the marker follows. */
export function useMarkAnnouncementsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => api.post(CONSOLE_PATHS.announcementsRead, ids ? { ids } : {}, announcementListSchema),
    onSuccess: (list) => qc.setQueryData(announcementsKey, list),
  });
}
