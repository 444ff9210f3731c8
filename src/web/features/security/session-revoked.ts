/**
 * The live channel says this session was ended from another device (SESSION_REVOKED): the sign-in page that
 * follows explains why. Kept for the tab only, until the sign-in page has shown it.
 */
const KEY = 'gestionale.sessionRevoked';

export function rememberSessionRevoked(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // storage unavailable: the sign-in page just shows no notice
  }
}

export function wasSessionRevoked(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function forgetSessionRevoked(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}
