import { lazy, Suspense, useEffect, useState } from 'react';
import type { TStepUpRequiredDetails } from '@shared/security/contracts.ts';
import { setStepUpHandler } from './api.ts';

// Loaded on first use: the sign-in page's first load stays light.
const StepUpDialog = lazy(() => import('./step-up-dialog.tsx'));

type Pending = { twoFactor: boolean; action: string; resolve: (confirmed: boolean) => void };

function detailsOf(details: unknown): Pick<TStepUpRequiredDetails, 'twoFactor' | 'action'> {
  const d = (details ?? {}) as Partial<TStepUpRequiredDetails>;
  return { twoFactor: d.twoFactor === true, action: typeof d.action === 'string' ? d.action : '' };
}

/**
 * Answers STEP_UP_REQUIRED for the whole app (see setStepUpHandler in api.ts): asks for the password, and the
 * authenticator code when two-factor is on, re-verifies the session, and lets the refused request go again.
 */
export function StepUpHost() {
  const [pending, setPending] = useState<Pending | null>(null);
  useEffect(
    () =>
      setStepUpHandler(
        (details) =>
          new Promise<boolean>((resolve) => {
            setPending({ ...detailsOf(details), resolve });
          }),
      ),
    [],
  );
  if (!pending) return null;
  const close = (confirmed: boolean) => {
    pending.resolve(confirmed);
    setPending(null);
  };
  return (
    <Suspense fallback={null}>
      <StepUpDialog twoFactor={pending.twoFactor} action={pending.action} onClose={close} />
    </Suspense>
  );
}
