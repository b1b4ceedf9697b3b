import { adminMessageRoutes } from '@dropdesk/contract/messages';
import type { BodyOf } from '@dropdesk/contract/route';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { messageKeys } from '../../../lib/query-keys';

type Create = typeof adminMessageRoutes.createAnnouncement;
type Update = typeof adminMessageRoutes.updateAnnouncement;

export const createAnnouncementSchema = adminMessageRoutes.createAnnouncement.body;
export const updateAnnouncementSchema = adminMessageRoutes.updateAnnouncement.body;

/** A new announcement (the scrolling `affiche` on Home), or a change to one (`active: false` disables it). */
export const saveAnnouncement = (b: { id?: number } & Record<string, unknown>) =>
  b.id
    ? call<Update>({ method: 'POST', path: '/admin/announcements/update' }, { body: b as BodyOf<Update> })
    : call<Create>({ method: 'POST', path: '/admin/announcements/create' }, { body: b as BodyOf<Create> });

export const useSaveAnnouncement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
};
