import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_PATHS, adminAnnouncementListSchema, adminAnnouncementSchema, type AnnouncementBody } from '@netloom/domain';
import { api } from '@/lib/http/client';

const adminKey = ['admin-announcements'] as const;
/** The admin list in the API's paged shape; the page reads every row (page_size=0). */
const adminListSchema = adminAnnouncementListSchema.transform((p) => p.results);

/** Every announcement, scheduled, live or ended (super admins). */
export function useAdminAnnouncements() {
  return useQuery({
    queryKey: adminKey,
    queryFn: ({ signal }) => api.get(CONSOLE_PATHS.adminAnnouncements, adminListSchema, { query: { page_size: 0 }, signal }),
  });
}

/** Writes refresh the admin list and the admin's own view of what is live. */
function useAdminWrite<V>(send: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminKey });
      void qc.invalidateQueries({ queryKey: ['announcements'] });
    },
  });
}

export const useCreateAnnouncement = () => useAdminWrite((body: AnnouncementBody) => api.post(CONSOLE_PATHS.adminAnnouncements, body, adminAnnouncementSchema));
export const useUpdateAnnouncement = () =>
  useAdminWrite(({ id, body }: { id: string; body: AnnouncementBody }) => api.put(CONSOLE_PATHS.adminAnnouncement(id), body, adminAnnouncementSchema));
export const useDeleteAnnouncement = () => useAdminWrite((id: string) => api.delete(CONSOLE_PATHS.adminAnnouncement(id), null));
