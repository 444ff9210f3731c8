import type { FieldErrors, Resolver } from 'react-hook-form';
import { ZInvitationInput, type TInvitationFormValues } from '@shared/calendar/contracts.ts';

/** The invite form's values: the picked client as an object, the language empty for automatic. */
export interface InviteValues {
  inviteeType: 'client' | 'external';
  client: { id: string; name: string } | null;
  inviteeName: string;
  inviteeEmail: string;
  inviteePhone: string;
  invitationMessage: string;
  invitationMethod: 'email' | 'sms';
  sendReminders: boolean;
  language: '' | 'it' | 'en';
}

function inputOf(v: InviteValues): TInvitationFormValues {
  return {
    inviteeType: v.inviteeType,
    clientId: v.inviteeType === 'client' ? (v.client?.id ?? null) : null,
    inviteeName: v.inviteeName,
    inviteeEmail: v.inviteeEmail,
    inviteePhone: v.inviteePhone,
    invitationMessage: v.invitationMessage,
    invitationMethod: v.invitationMethod,
    sendReminders: v.sendReminders,
    language: v.language || null,
  };
}

export const fieldOf = (path: string): keyof InviteValues =>
  path === 'clientId' ? 'client' : (path.split('.')[0] as keyof InviteValues);

/** Checks the values with the server's contract; each problem lands on its form field. */
export function inviteResolver(): Resolver<InviteValues, unknown, TInvitationFormValues> {
  return async (values) => {
    const parsed = ZInvitationInput.safeParse(inputOf(values));
    if (parsed.success) return { values: inputOf(values), errors: {} };
    const errors: FieldErrors<InviteValues> = {};
    for (const issue of parsed.error.issues) {
      const key = fieldOf(issue.path.join('.'));
      if (!errors[key])
        (errors as Record<string, unknown>)[key] = { type: 'validate', message: issue.message };
    }
    return { values: {}, errors };
  };
}
