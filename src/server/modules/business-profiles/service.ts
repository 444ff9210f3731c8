import { randomBytes } from 'node:crypto';
import {
  onboardingToProfileInput,
  type TBusinessProfile,
  type TBusinessProfileInput,
  type TOnboardingSubmission,
} from '@shared/business-profile/contracts.ts';
import { validateProfileForCreate } from '@shared/business-profile/profile-rules.ts';
import { hasPermission } from '@shared/auth/permissions.ts';
import type { Auth } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/storage.ts';
import { resolveMembership } from '../../platform/request-context.ts';
import { createOrganization } from '../organizations/index.ts';
import { findProfile, updateProfile, upsertProfile, type BusinessProfileRow } from './repository.ts';

export function toProfile(row: BusinessProfileRow): TBusinessProfile {
  const { logoKey, createdBy: _createdBy, ...rest } = row;
  return {
    ...rest,
    businessType: row.businessType as TBusinessProfile['businessType'],
    industry: row.industry as TBusinessProfile['industry'],
    taxRegime: row.taxRegime as TBusinessProfile['taxRegime'],
    province: row.province as TBusinessProfile['province'],
    country: row.country as TBusinessProfile['country'],
    employeeCount: row.employeeCount as TBusinessProfile['employeeCount'],
    // The version in the URL lets browsers cache the image until it changes.
    logoUrl: logoKey ? `/api/v1/business-profile/logo?v=${logoKey.split('/').pop()}` : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getProfile(deps: { db: Db }, { orgId }: { orgId: string }) {
  const row = await findProfile(deps.db, orgId);
  return row ? toProfile(row) : null;
}

/** Spec §5 create rules; their messages are returned as validation details with translation keys. */
function assertCreatable(orgId: string, input: TBusinessProfileInput) {
  const errors = validateProfileForCreate({ organizationId: orgId, ...input });
  if (errors.length > 0) {
    throw new AppError(
      'VALIDATION_ERROR',
      errors.map((e) => ({ path: e.field, message: e.key })),
    );
  }
}

/** Settings: create or update the organization's profile. */
export async function saveProfile(
  deps: { db: Db },
  input: { orgId: string; userId: string; values: TBusinessProfileInput },
) {
  const existing = await findProfile(deps.db, input.orgId);
  if (!existing) {
    assertCreatable(input.orgId, input.values);
    const row = await upsertProfile(deps.db, input.orgId, {
      ...input.values,
      companyName: input.values.companyName!,
      createdBy: input.userId,
    });
    return toProfile(row);
  }
  const row = await updateProfile(deps.db, input.orgId, input.values);
  if (!row) throw new AppError('NOT_FOUND');
  return toProfile(row);
}

/**
 * The onboarding wizard. A user without an organization gets one named after the company (they become its
 * super_admin); a user whose active organization has no profile yet completes it. An organization already
 * onboarded answers BUSINESS_PROFILE_EXISTS (the web then redirects to the dashboard).
 * Organization and profile are written in two steps; if the second fails, the retry finds the organization
 * and only writes the profile, so nothing is duplicated or lost.
 */
export async function completeOnboarding(
  deps: { db: Db; auth: Auth },
  input: {
    userId: string;
    activeOrganizationId: string | null;
    headers: Headers;
    submission: TOnboardingSubmission;
  },
) {
  let orgId = input.activeOrganizationId;
  if (orgId) {
    const role = await resolveMembership(deps.db, input.userId, orgId);
    if (!role) orgId = null;
    else if (!hasPermission(role, 'manage_organization')) throw new AppError('FORBIDDEN');
  }
  if (orgId) {
    const existing = await findProfile(deps.db, orgId);
    if (existing?.onboardingComplete) throw new AppError('BUSINESS_PROFILE_EXISTS');
  } else {
    const org = await createOrganization(deps, {
      name: input.submission.companyName,
      headers: input.headers,
    });
    orgId = org.id;
  }
  const values = onboardingToProfileInput(input.submission);
  assertCreatable(orgId, values);
  const row = await upsertProfile(deps.db, orgId, {
    ...values,
    companyName: input.submission.companyName,
    createdBy: input.userId,
    onboardingComplete: true,
  });
  return { organizationId: orgId, profile: toProfile(row) };
}

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
const LOGO_TYPES = {
  'image/png': {
    ext: 'png',
    matches: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  'image/jpeg': { ext: 'jpg', matches: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  'image/webp': {
    ext: 'webp',
    matches: (b: Buffer) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
} as const;
export type LogoType = keyof typeof LOGO_TYPES;
export const LOGO_CONTENT_TYPES = Object.keys(LOGO_TYPES) as LogoType[];

export function logoContentType(key: string): LogoType {
  if (key.endsWith('.png')) return 'image/png';
  if (key.endsWith('.webp')) return 'image/webp';
  return 'image/jpeg';
}

/** Stores a new logo (PNG, JPEG or WebP whose bytes match the declared type; SVG is refused: it can carry script). */
export async function setLogo(
  deps: { db: Db; files: FileStore },
  input: { orgId: string; contentType: string; content: Buffer },
) {
  const type = LOGO_TYPES[input.contentType as LogoType];
  if (!type || !type.matches(input.content)) {
    throw new AppError('VALIDATION_ERROR', [{ path: 'logo', message: 'settings.profile.logoInvalidType' }]);
  }
  if (input.content.length > LOGO_MAX_BYTES) {
    throw new AppError('VALIDATION_ERROR', [{ path: 'logo', message: 'settings.profile.logoTooLarge' }]);
  }
  const existing = await findProfile(deps.db, input.orgId);
  if (!existing) throw new AppError('NOT_FOUND');
  const key = `orgs/${input.orgId}/logo-${randomBytes(6).toString('hex')}.${type.ext}`;
  await deps.files.put(key, input.content);
  const row = await updateProfile(deps.db, input.orgId, { logoKey: key });
  if (existing.logoKey) await deps.files.remove(existing.logoKey);
  return toProfile(row!);
}

export async function removeLogo(deps: { db: Db; files: FileStore }, { orgId }: { orgId: string }) {
  const existing = await findProfile(deps.db, orgId);
  if (!existing) throw new AppError('NOT_FOUND');
  const row = await updateProfile(deps.db, orgId, { logoKey: null });
  if (existing.logoKey) await deps.files.remove(existing.logoKey);
  return toProfile(row!);
}

export async function readLogo(deps: { db: Db; files: FileStore }, { orgId }: { orgId: string }) {
  const existing = await findProfile(deps.db, orgId);
  if (!existing?.logoKey) return null;
  const content = await deps.files.get(existing.logoKey);
  return content ? { content, contentType: logoContentType(existing.logoKey) } : null;
}
