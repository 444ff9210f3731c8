import { z } from 'zod';
import { ROLES, isRole, type Role } from '../auth/permissions.ts';
import { isSimpleEmail } from '../business-profile/profile-rules.ts';

/**
 * Members, roles and invitations of the active organization (issue 7, email-client spec §5 "Role update" and
 * §6). Roles in request bodies are checked by hand (`isRole`), not by a zod enum, so anything else is refused
 * with the spec's own words: INVALID_ROLE "Invalid role specified".
 */

/** How long an invitation link works; better-auth's organization plugin is configured with the same 48 h. */
export const TEAM_INVITATION_TTL_HOURS = 48;

/** The roles from the most to the least powerful (the order of the role select and of the members list). */
export const ROLE_RANK: Readonly<Record<Role, number>> = {
  super_admin: 0,
  admin: 1,
  manager: 2,
  user: 3,
  viewer: 4,
};

/**
 * Who may give or take `role` (spec §6): only a super_admin touches super_admin (granting it or changing the
 * role of one); every other role is given by anyone holding manage_users.
 */
export function canAssignRole(actor: Role, from: Role | null, to: Role): boolean {
  if (actor === 'super_admin') return true;
  return to !== 'super_admin' && from !== 'super_admin';
}

export { isRole };

export const ZTeamMember = z.object({
  /** The membership id (used in the role and removal routes). */
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  joinedAt: z.string(),
  /** The signed-in user's own membership. */
  isYou: z.boolean(),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;

export const ZTeam = z.object({ members: z.array(ZTeamMember) });
export type TTeam = z.infer<typeof ZTeam>;

export const ZTeamInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Still pending but past its expiry: it can be sent again (a fresh 48 h) or cancelled. */
  expired: z.boolean(),
});
export type TTeamInvitation = z.infer<typeof ZTeamInvitation>;

export const ZTeamInvitationList = z.object({ items: z.array(ZTeamInvitation) });
export type TTeamInvitationList = z.infer<typeof ZTeamInvitationList>;

export const TEAM_EMAIL_MAX_LENGTH = 254;

/** The invite form and POST /api/v1/organization/invitations. */
export const ZInviteMemberInput = z.object({
  email: z
    .string('team.errors.emailRequired')
    .trim()
    .toLowerCase()
    .min(1, 'team.errors.emailRequired')
    .max(TEAM_EMAIL_MAX_LENGTH, 'team.errors.emailInvalid')
    .refine(isSimpleEmail, 'team.errors.emailInvalid'),
  /** One of ROLES, checked by the service (INVALID_ROLE otherwise). */
  role: z.unknown().optional().describe('One of super_admin, admin, manager, user, viewer'),
});
export type TInviteMemberInput = z.infer<typeof ZInviteMemberInput>;

export const ZInviteResult = z.object({
  invitation: ZTeamInvitation,
  /** True when a pending invitation to the same address was sent again instead of creating another one. */
  resent: z.boolean(),
});
export type TInviteResult = z.infer<typeof ZInviteResult>;

/** PATCH /api/v1/organization/members/:memberId. */
export const ZChangeRoleInput = z.object({
  role: z.unknown().optional().describe('One of super_admin, admin, manager, user, viewer'),
});

/**
 * GET /api/v1/organization/security-summary (view_security_settings): how many members the active organization
 * has and how many of them use two-factor authentication.
 */
export const ZSecuritySummary = z.object({
  members: z.number().int().nonnegative(),
  twoFactorEnabled: z.number().int().nonnegative(),
});
export type TSecuritySummary = z.infer<typeof ZSecuritySummary>;

/** POST /api/v1/organization/members/:memberId/sign-out: how many sessions of the member were ended. */
export const ZSignedOutMember = z.object({ revoked: z.number().int().nonnegative() });
export type TSignedOutMember = z.infer<typeof ZSignedOutMember>;

export const ZMemberIdParams = z.object({ memberId: z.string().min(1).max(100) });
export const ZInvitationIdParams = z.object({ invitationId: z.string().min(1).max(100) });
export const ZInvitationTokenParams = z.object({ token: z.string().min(1).max(200) });

export const PUBLIC_INVITATION_STATUSES = ['pending', 'expired', 'accepted', 'canceled'] as const;
export type PublicInvitationStatus = (typeof PUBLIC_INVITATION_STATUSES)[number];

/** GET /api/public/team-invitations/:token: what the /invite page shows before accepting. */
export const ZPublicTeamInvitation = z.object({
  organizationName: z.string(),
  inviterName: z.string().nullable(),
  role: z.enum(ROLES),
  email: z.string(),
  expiresAt: z.string(),
  status: z.enum(PUBLIC_INVITATION_STATUSES),
  /** An account with the invited address exists: the page offers to sign in rather than to sign up. */
  hasAccount: z.boolean(),
});
export type TPublicTeamInvitation = z.infer<typeof ZPublicTeamInvitation>;

export const ZAcceptedInvitation = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  role: z.enum(ROLES),
});
export type TAcceptedInvitation = z.infer<typeof ZAcceptedInvitation>;

/** The web path of an invitation link (the e-mail carries the absolute URL). */
export const invitePagePath = (token: string) => `/invite/${encodeURIComponent(token)}`;
