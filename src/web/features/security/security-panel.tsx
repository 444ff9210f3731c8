import { useSignedInMe } from '@web/app/session.ts';
import { OrganizationTwoFactorCard } from './organization-two-factor-card.tsx';
import { SessionsCard } from './sessions-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

/**
 * Settings → Security: one's own two-factor authentication and sessions (issue 7), and for members with
 * view_security_settings how many in the organization use two-factor authentication.
 */
export function SecurityPanel() {
  const me = useSignedInMe();
  const orgId = me.activeOrganizationId;
  return (
    <div className="flex flex-col gap-6">
      <TwoFactorCard />
      {orgId && me.permissions.includes('view_security_settings') ? (
        <OrganizationTwoFactorCard orgId={orgId} />
      ) : null}
      <SessionsCard />
    </div>
  );
}
