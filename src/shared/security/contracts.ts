import { z } from 'zod';
import { VERIFICATION_LEVELS } from './step-up.ts';

export const ZStepUpRequest = z.object({
  password: z.string().min(1).max(256),
  /** The 6-digit TOTP code; required when two-factor is on. */
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/)
    .optional(),
});
export type TStepUpRequest = z.input<typeof ZStepUpRequest>;

export const ZStepUpResult = z.object({
  verifiedAt: z.string(),
  level: z.enum(VERIFICATION_LEVELS),
});
export type TStepUpResult = z.infer<typeof ZStepUpResult>;

/** The details of a STEP_UP_REQUIRED answer. */
export const ZStepUpRequiredDetails = z.object({
  action: z.string(),
  preset: z.string(),
  maxAgeMinutes: z.number(),
  twoFactor: z.boolean(),
});
export type TStepUpRequiredDetails = z.infer<typeof ZStepUpRequiredDetails>;
