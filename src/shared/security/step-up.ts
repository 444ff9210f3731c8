/**
 * Step-up re-verification (core-app spec §6): sensitive actions need a recent verification.
 * Levels: first factor (password), second factor (the 2FA code), multi factor (both).
 * A user without two-factor authentication can only give the first factor, which then stands for the level.
 */
export const VERIFICATION_LEVELS = ['first_factor', 'second_factor', 'multi_factor'] as const;
export type VerificationLevel = (typeof VERIFICATION_LEVELS)[number];

export const STEP_UP_PRESETS = {
  strict_mfa: { maxAgeMinutes: 10, level: 'multi_factor' },
  strict: { maxAgeMinutes: 10, level: 'second_factor' },
  moderate: { maxAgeMinutes: 60, level: 'second_factor' },
  lax: { maxAgeMinutes: 1440, level: 'second_factor' },
} as const satisfies Record<string, { maxAgeMinutes: number; level: VerificationLevel }>;
export type StepUpPreset = keyof typeof STEP_UP_PRESETS;

/** The sensitive actions and how recent their verification must be. */
export const STEP_UP_ACTIONS = {
  disable_two_factor: 'strict_mfa',
  delete_account: 'strict_mfa',
  regenerate_backup_codes: 'strict',
  change_role: 'strict',
  remove_member: 'strict',
  sign_out_member: 'strict',
  restore_settings: 'strict',
  export_data: 'moderate',
  revoke_sessions: 'lax',
} as const satisfies Record<string, StepUpPreset>;
export type StepUpAction = keyof typeof STEP_UP_ACTIONS;

/**
 * Whether a verification made at `verifiedAt` still covers `action` at `now`.
 * The step-up dialog always asks for everything the user has (password, plus the code when 2FA is on),
 * so every verification it records satisfies any level; only its age decides.
 */
export function isStepUpFresh(
  action: StepUpAction,
  verifiedAt: Date | null,
  now: Date = new Date(),
): boolean {
  if (!verifiedAt) return false;
  const { maxAgeMinutes } = STEP_UP_PRESETS[STEP_UP_ACTIONS[action]];
  const age = now.getTime() - verifiedAt.getTime();
  return age >= 0 && age <= maxAgeMinutes * 60_000;
}
