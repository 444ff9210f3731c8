import { SessionsCard } from './sessions-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

/** Settings → Security: one's own two-factor authentication and sessions (issue 7). */
export function SecurityPanel() {
  return (
    <div className="flex flex-col gap-6">
      <TwoFactorCard />
      <SessionsCard />
    </div>
  );
}
