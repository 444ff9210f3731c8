import {
  deletionConfirmed,
  type TDeleteAccountRequest,
  type TDeletionPlan,
  type TOrganizationDecision,
} from '@shared/privacy/contracts.ts';

/** What the user picked for one organization: nothing yet, a transfer (maybe without a member yet) or delete. */
export type DraftDecision = { action: 'transfer'; toUserId: string } | { action: 'delete' } | null;
export type DraftDecisions = Record<string, DraftDecision>;

export type DeletionFormErrors = {
  /** Translation keys per organization id. */
  organizations: Record<string, string>;
  confirmation?: string;
};

/**
 * Checks the delete-account form: every organization that needs one has a complete decision and the typed
 * confirmation matches. Returns the request, or the errors as translation keys of the privacy namespace.
 */
export function deletionRequestOf(
  plan: TDeletionPlan,
  drafts: DraftDecisions,
  confirmation: string,
): { request: TDeleteAccountRequest; errors: null } | { request: null; errors: DeletionFormErrors } {
  const errors: DeletionFormErrors = { organizations: {} };
  const organizations: TOrganizationDecision[] = [];
  for (const org of plan.needsDecision) {
    const draft = drafts[org.id] ?? null;
    if (!draft) {
      errors.organizations[org.id] =
        org.candidates.length > 0 ? 'delete.errors.chooseAction' : 'delete.errors.confirmOrganization';
    } else if (draft.action === 'transfer') {
      if (!org.candidates.some((c) => c.userId === draft.toUserId)) {
        errors.organizations[org.id] = 'delete.errors.chooseMember';
      } else organizations.push({ id: org.id, action: 'transfer', toUserId: draft.toUserId });
    } else organizations.push({ id: org.id, action: 'delete' });
  }
  if (!confirmation.trim()) errors.confirmation = 'delete.errors.confirmationRequired';
  else if (!deletionConfirmed(confirmation, plan.confirmationText)) {
    errors.confirmation = 'delete.errors.confirmationMismatch';
  }
  if (errors.confirmation || Object.keys(errors.organizations).length > 0) return { request: null, errors };
  return { request: { confirmation: confirmation.trim(), organizations }, errors: null };
}
