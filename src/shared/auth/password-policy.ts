/** Password rules, stated on the forms and enforced on the server with the same function. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'too_short' | 'too_long' | 'needs_letter' | 'needs_digit';

export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push('too_short');
  if (password.length > PASSWORD_MAX_LENGTH) problems.push('too_long');
  if (!/\p{L}/u.test(password)) problems.push('needs_letter');
  if (!/\p{N}/u.test(password)) problems.push('needs_digit');
  return problems;
}

export const PASSWORD_RULE_TEXT = {
  en: `At least ${PASSWORD_MIN_LENGTH} characters, with at least one letter and one number.`,
  it: `Almeno ${PASSWORD_MIN_LENGTH} caratteri, con almeno una lettera e un numero.`,
} as const;
