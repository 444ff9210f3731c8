import { z } from 'zod';
import { PERMISSIONS, ROLES } from '../auth/permissions.ts';

export const ZOrganizationSummary = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  role: z.enum(ROLES),
});
export type TOrganizationSummary = z.infer<typeof ZOrganizationSummary>;

export const ZMe = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  organizations: z.array(ZOrganizationSummary),
  activeOrganizationId: z.string().nullable(),
  role: z.enum(ROLES).nullable(),
  permissions: z.array(z.enum(PERMISSIONS)),
  /** The active organization has completed onboarding (its business profile exists and is complete). */
  onboardingComplete: z.boolean(),
});

/** GET /api/v1/session: who is signed in, asked without an error: `me` is null when nobody is. */
export const ZSessionState = z.object({ me: ZMe.nullable() });
export type TSessionState = z.infer<typeof ZSessionState>;
export type TMe = z.infer<typeof ZMe>;

export const ZCreateOrganization = z.object({
  name: z
    .string()
    .trim()
    .min(2, 'organization.errors.nameTooShort')
    .max(120, 'organization.errors.nameTooLong'),
});
export const ZSetActiveOrganization = z.object({ organizationId: z.string().min(1) });

export const ZPublicConfig = z.object({
  demo: z.object({ email: z.string(), password: z.string() }).nullable(),
  marketingClaims: z.boolean(),
  mailMode: z.enum(['outbox', 'smtp']),
});
export type TPublicConfig = z.infer<typeof ZPublicConfig>;

export const ZMember = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
});
export type TMember = z.infer<typeof ZMember>;
