import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAttendee,
  TCalendarFeedCreated,
  TCalendarFeedStatus,
  TCalendarOptions,
  TCheckIn,
  TComment,
  TCommentInput,
  TEvent,
  TEventInput,
  TEventMove,
  TEventOccurrenceList,
  TInvitation,
  TInvitationFormValues,
  TInvitationList,
  TInvitationPatch,
  TRsvpFormValues,
} from '@shared/calendar/contracts.ts';
import type { TClient } from '@shared/clients/contracts.ts';
import { api } from '@web/app/api.ts';
import { useNotifications } from '@web/features/notifications/notifications-provider.tsx';
import { sendOrQueue } from '@web/features/offline/offline-queue.ts';

/** Everything of the calendar of one organization sits under this key: a change refreshes it all. */
export const calendarKey = (orgId: string | null) => ['calendar', orgId] as const;
const eventKey = (orgId: string | null, id: string) => [...calendarKey(orgId), 'event', id] as const;

const eventPath = (id: string, rest = '') => `/api/v1/events/${encodeURIComponent(id)}${rest}`;

export function useCalendarOptions(orgId: string | null) {
  return useQuery({
    queryKey: [...calendarKey(orgId), 'options'],
    queryFn: ({ signal }) => api<TCalendarOptions>('/api/v1/calendar/options', { signal }),
    enabled: !!orgId,
    staleTime: 5 * 60_000,
  });
}

/** The occurrences between two dates (both included), recurrences expanded by the server. */
export function useEventRange(orgId: string | null, from: string, to: string) {
  return useQuery({
    queryKey: [...calendarKey(orgId), 'range', from, to],
    queryFn: ({ signal }) =>
      api<TEventOccurrenceList>(`/api/v1/events?${new URLSearchParams({ from, to })}`, { signal }),
    enabled: !!orgId,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useEvent(orgId: string | null, id: string | undefined) {
  return useQuery({
    queryKey: eventKey(orgId, id ?? ''),
    queryFn: ({ signal }) => api<TEvent>(eventPath(id!), { signal }),
    enabled: !!orgId && !!id,
  });
}

export function useInvitations(orgId: string | null, eventId: string) {
  return useQuery({
    queryKey: [...eventKey(orgId, eventId), 'invitations'],
    queryFn: ({ signal }) => api<TInvitationList>(eventPath(eventId, '/invitations'), { signal }),
    enabled: !!orgId,
  });
}

export function useAttendees(orgId: string | null, eventId: string) {
  return useQuery({
    queryKey: [...eventKey(orgId, eventId), 'attendees'],
    queryFn: ({ signal }) => api<{ items: TAttendee[] }>(eventPath(eventId, '/attendees'), { signal }),
    enabled: !!orgId,
  });
}

export function useComments(orgId: string | null, eventId: string) {
  return useQuery({
    queryKey: [...eventKey(orgId, eventId), 'comments'],
    queryFn: ({ signal }) => api<{ items: TComment[] }>(eventPath(eventId, '/comments'), { signal }),
    enabled: !!orgId,
  });
}

/**
 * A guest's answer arrives as a live notification linking to the event page: the calendar shown is refetched
 * then, so the open page shows the answer and the new stats at once.
 */
export function useCalendarLiveRefresh(orgId: string | null) {
  const queryClient = useQueryClient();
  const { notifications } = useNotifications();
  const about = notifications
    .filter((n) => n.data?.url?.startsWith('/calendar/events/'))
    .map((n) => n.id)
    .join(',');
  useEffect(() => {
    if (about) void queryClient.invalidateQueries({ queryKey: calendarKey(orgId) });
  }, [about, orgId, queryClient]);
}

/** A change anywhere in the calendar refreshes every range, event and list of the organization. */
function useCalendarMutation<V, R>(orgId: string | null, fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    // A new event made offline is queued (issue 18); the others fail as offline.
    networkMode: 'always',
    mutationFn: fn,
    retry: false,
    onSuccess: async (result) => {
      const event = result as Partial<TEvent> | null;
      if (event && typeof event === 'object' && 'uid' in event && event.id) {
        queryClient.setQueryData(eventKey(orgId, event.id), event);
      }
      await queryClient.invalidateQueries({ queryKey: calendarKey(orgId) });
    },
  });
}

export function useSaveEvent(orgId: string | null) {
  return useCalendarMutation(orgId, ({ id, input }: { id?: string; input: TEventInput }) =>
    id
      ? api<TEvent>(eventPath(id), { method: 'PUT', body: input })
      : sendOrQueue({ kind: 'event.create', payload: input }, (key) =>
          api<TEvent>('/api/v1/events', {
            method: 'POST',
            body: input,
            headers: { 'Idempotency-Key': key },
          }),
        ),
  );
}

export function useMoveEvent(orgId: string | null) {
  return useCalendarMutation(orgId, ({ id, move }: { id: string; move: TEventMove }) =>
    api<TEvent>(eventPath(id, '/move'), { method: 'POST', body: move }),
  );
}

export function useDeleteEvent(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(eventPath(id), { method: 'DELETE' }),
    retry: false,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: eventKey(orgId, id) });
      await queryClient.invalidateQueries({ queryKey: calendarKey(orgId) });
    },
  });
}

export function useCreateInvitation(orgId: string | null, eventId: string) {
  return useCalendarMutation(orgId, (input: TInvitationFormValues) =>
    api<TInvitation>(eventPath(eventId, '/invitations'), { method: 'POST', body: input }),
  );
}

const invitationPath = (eventId: string, invitationId: string, rest = '') =>
  eventPath(eventId, `/invitations/${encodeURIComponent(invitationId)}${rest}`);

export function usePatchInvitation(orgId: string | null, eventId: string) {
  return useCalendarMutation(orgId, ({ id, patch }: { id: string; patch: TInvitationPatch }) =>
    api<TInvitation>(invitationPath(eventId, id), { method: 'PATCH', body: patch }),
  );
}

export function useResendInvitation(orgId: string | null, eventId: string) {
  return useCalendarMutation(orgId, (id: string) =>
    api<TInvitation>(invitationPath(eventId, id, '/resend'), { method: 'POST', body: {} }),
  );
}

export function useCancelInvitation(orgId: string | null, eventId: string) {
  return useCalendarMutation(orgId, (id: string) =>
    api<null>(invitationPath(eventId, id), { method: 'DELETE' }),
  );
}

/** An answer the host received by phone or in person. */
export function useRecordRsvp(orgId: string | null, eventId: string) {
  return useCalendarMutation(orgId, ({ id, answer }: { id: string; answer: TRsvpFormValues }) =>
    api<TInvitation>(invitationPath(eventId, id, '/rsvp'), { method: 'POST', body: answer }),
  );
}

export function useCheckIn(orgId: string | null, eventId: string) {
  return useCalendarMutation(orgId, (body: TCheckIn) =>
    api<TAttendee>(eventPath(eventId, '/check-in'), { method: 'POST', body }),
  );
}

export function useUndoCheckIn(orgId: string | null, eventId: string) {
  return useCalendarMutation(orgId, (attendeeId: string) =>
    api<TAttendee>(eventPath(eventId, `/attendees/${encodeURIComponent(attendeeId)}/check-in`), {
      method: 'DELETE',
    }),
  );
}

export function useAddComment(orgId: string | null, eventId: string) {
  return useCalendarMutation(orgId, (input: Partial<TCommentInput> & { commentText: string }) =>
    api<TComment>(eventPath(eventId, '/comments'), { method: 'POST', body: input }),
  );
}

export function useDeleteComment(orgId: string | null, eventId: string) {
  return useCalendarMutation(orgId, (id: string) =>
    api<null>(eventPath(eventId, `/comments/${encodeURIComponent(id)}`), { method: 'DELETE' }),
  );
}

// ─── iCalendar subscription ────────────────────────────────────────────────────────────────────────────────

const feedKey = (orgId: string | null) => [...calendarKey(orgId), 'feed'] as const;

export function useFeedStatus(orgId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: feedKey(orgId),
    queryFn: ({ signal }) => api<TCalendarFeedStatus>('/api/v1/calendar/feed', { signal }),
    enabled: !!orgId && enabled,
  });
}

/** Creates the URL, or replaces it (the old one stops working); the URL is shown only in this answer. */
export function useCreateFeed(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<TCalendarFeedCreated>('/api/v1/calendar/feed', { method: 'POST', body: {} }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKey(orgId) }),
  });
}

export function useRevokeFeed(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<null>('/api/v1/calendar/feed', { method: 'DELETE' }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKey(orgId) }),
  });
}

/** The full record of the client picked as invitee (its e-mail, phone and language fill the form). */
export function useInviteeClient(orgId: string | null, clientId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['clients', orgId, 'one', clientId, 'full'],
    queryFn: ({ signal }) => api<TClient>(`/api/v1/clients/${encodeURIComponent(clientId!)}`, { signal }),
    enabled: enabled && !!orgId && !!clientId,
    staleTime: 30_000,
  });
}
