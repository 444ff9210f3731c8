import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@shared/auth/permissions.ts';
import type {
  TAcceptedInvitation,
  TInviteResult,
  TPublicTeamInvitation,
  TSignedOutMember,
  TTeam,
  TTeamInvitation,
  TTeamInvitationList,
  TTeamMember,
} from '@shared/organizations/team-contracts.ts';
import { api } from '@web/app/api.ts';

/** Everything of the team of one organization sits under this key: a change refreshes it all. */
export const teamKey = (orgId: string | null) => ['team', orgId] as const;

const memberPath = (id: string) => `/api/v1/organization/members/${encodeURIComponent(id)}`;
const invitationPath = (id: string, rest = '') =>
  `/api/v1/organization/invitations/${encodeURIComponent(id)}${rest}`;

export function useTeam(orgId: string | null) {
  return useQuery({
    queryKey: [...teamKey(orgId), 'members'],
    queryFn: ({ signal }) => api<TTeam>('/api/v1/organization/team', { signal }),
    enabled: !!orgId,
    staleTime: 30_000,
  });
}

export function useTeamInvitations(orgId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...teamKey(orgId), 'invitations'],
    queryFn: ({ signal }) => api<TTeamInvitationList>('/api/v1/organization/invitations', { signal }),
    enabled: !!orgId && enabled,
    staleTime: 30_000,
  });
}

function useTeamMutation<TInput, TResult>(orgId: string | null, run: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    // A refusal (last super admin, already a member) may mean the list is stale: refresh either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKey(orgId) }),
  });
}

export function useInviteMember(orgId: string | null) {
  return useTeamMutation(orgId, (input: { email: string; role: Role }) =>
    api<TInviteResult>('/api/v1/organization/invitations', { body: input }),
  );
}

export function useResendInvitation(orgId: string | null) {
  return useTeamMutation(orgId, (id: string) =>
    api<TTeamInvitation>(invitationPath(id, '/resend'), { method: 'POST' }),
  );
}

export function useCancelInvitation(orgId: string | null) {
  return useTeamMutation(orgId, (id: string) => api<void>(invitationPath(id), { method: 'DELETE' }));
}

/** Needs a recent step-up: api() asks for the password (and code) and retries by itself. */
export function useChangeRole(orgId: string | null) {
  return useTeamMutation(orgId, (input: { memberId: string; role: Role }) =>
    api<TTeamMember>(memberPath(input.memberId), { method: 'PATCH', body: { role: input.role } }),
  );
}

export function useRemoveMember(orgId: string | null) {
  return useTeamMutation(orgId, (memberId: string) => api<void>(memberPath(memberId), { method: 'DELETE' }));
}

/** Ends every session of the member's user (step-up sign_out_member, asked by api()). */
export function useSignOutMember(orgId: string | null) {
  return useTeamMutation(orgId, (memberId: string) =>
    api<TSignedOutMember>(`${memberPath(memberId)}/sign-out`, { method: 'POST' }),
  );
}

export function leaveOrganization() {
  return api<void>('/api/v1/organization/leave', { method: 'POST' });
}

// ─── The invitation link ──────────────────────────────────────────────────────────────────────────────────

export function usePublicTeamInvitation(token: string) {
  return useQuery({
    queryKey: ['team-invitation', token],
    queryFn: ({ signal }) =>
      api<TPublicTeamInvitation>(`/api/public/team-invitations/${encodeURIComponent(token)}`, { signal }),
    staleTime: 60_000,
  });
}

export function acceptTeamInvitation(token: string) {
  return api<TAcceptedInvitation>(`/api/v1/team-invitations/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
  });
}
