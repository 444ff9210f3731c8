import { isRsvpToken } from '@shared/calendar/rsvp.ts';
import { hashToken } from '../../platform/link-tokens.ts';

/** Invitation and subscription tokens are the platform's link tokens (platform/link-tokens.ts). */
export { hashToken, newToken } from '../../platform/link-tokens.ts';

/** The hash to look a presented token up by, or null when it cannot be one of ours (no query needed). */
export function lookupHash(token: string): string | null {
  return isRsvpToken(token) ? hashToken(token) : null;
}
