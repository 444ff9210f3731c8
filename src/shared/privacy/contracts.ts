import { z } from 'zod';
import { ROLES } from '../auth/permissions.ts';

/**
 * GDPR (issue 7): the personal data export, the organization export and account deletion.
 *
 * Deleting an account is confirmed by typing one's own e-mail address: it cannot be typed by reflex like a
 * fixed word, it is the same in every language, and it names exactly the account that goes.
 */

/** Compares the typed confirmation with the account's e-mail address (trimmed, case-insensitive). */
export function deletionConfirmed(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}

/** For an organization whose only super admin is leaving: who takes it over, or that it goes with them. */
export const ZOrganizationDecision = z.discriminatedUnion('action', [
  z.object({ id: z.string().min(1), action: z.literal('transfer'), toUserId: z.string().min(1) }),
  z.object({ id: z.string().min(1), action: z.literal('delete') }),
]);
export type TOrganizationDecision = z.infer<typeof ZOrganizationDecision>;

export const ZDeleteAccountRequest = z.object({
  /** The account's e-mail address, typed by the user. */
  confirmation: z.string().max(320),
  organizations: z.array(ZOrganizationDecision).max(200).default([]),
});
export type TDeleteAccountRequest = z.input<typeof ZDeleteAccountRequest>;
/** The request as the route hands it over (organizations defaulted). */
export type TDeleteAccountBody = z.output<typeof ZDeleteAccountRequest>;

export const ZTransferCandidate = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type TTransferCandidate = z.infer<typeof ZTransferCandidate>;

/** An organization the user is the only super admin of: it needs a decision before the account can go. */
export const ZOrganizationNeedingDecision = z.object({
  id: z.string(),
  name: z.string(),
  memberCount: z.number().int(),
  /** The other members, any of whom can become super admin; empty when the user is the only member. */
  candidates: z.array(ZTransferCandidate),
});
export type TOrganizationNeedingDecision = z.infer<typeof ZOrganizationNeedingDecision>;

export const ZDeletionPlan = z.object({
  /** What the user types to confirm. */
  confirmationText: z.string(),
  needsDecision: z.array(ZOrganizationNeedingDecision),
  /** Organizations the user simply leaves (someone else is super admin too). */
  leaves: z.array(z.object({ id: z.string(), name: z.string(), role: z.enum(ROLES) })),
});
export type TDeletionPlan = z.infer<typeof ZDeletionPlan>;

export const ZDeleteAccountResult = z.object({
  deleted: z.literal(true),
  organizationsDeleted: z.array(z.string()),
  organizationsTransferred: z.array(z.object({ id: z.string(), toUserId: z.string() })),
});
export type TDeleteAccountResult = z.infer<typeof ZDeleteAccountResult>;

/** The details of ORGANIZATION_DECISION_REQUIRED: the organizations still without a decision. */
export const ZDecisionRequiredDetails = z.object({
  organizations: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TDecisionRequiredDetails = z.infer<typeof ZDecisionRequiredDetails>;
