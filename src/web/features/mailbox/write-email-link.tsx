import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { PenSquare } from 'lucide-react';
import { prefetchRoute } from '@web/app/route-prefetch.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Button, buttonClasses, type ButtonVariant } from '@web/ui/button.tsx';
import { toast } from '@web/ui/toast.ts';
import { composeHref, type ComposeRequest } from './mailbox-url.ts';

/**
 * "Write an e-mail" on a client, an invoice or a quote (issue 16): a link to the mailbox's composer filled for it
 * (mailbox-url.ts `composeHref`, compose-prefill.ts), so a reload or Back behaves as any page does. The pointer or
 * the focus on it fetches the mailbox's code and the composer's ahead. Without the client's address it stays in
 * its place, focusable, and says why it cannot be used (on hover, to screen readers, and when pressed).
 */
export function WriteEmailLink({
  request,
  hasAddress,
  variant = 'outline',
}: {
  request: Partial<ComposeRequest>;
  /** The client has an e-mail address to write to. */
  hasAddress: boolean;
  variant?: ButtonVariant;
}) {
  const { t } = useTranslation(['mail']);
  const queryClient = useQueryClient();
  const orgId = useSignedInMe().activeOrganizationId;
  const hintId = useId();
  const prefetch = () => {
    void prefetchRoute('/email', { queryClient, orgId, data: true });
    void import('./composer.tsx').catch(() => undefined);
  };
  const label = (
    <>
      <PenSquare aria-hidden="true" className="size-4" />
      {t('mail:write.button')}
    </>
  );
  if (!hasAddress) {
    const reason = t('mail:write.noAddress');
    return (
      // The title shows on hover around the button (an aria-disabled button takes no pointer events).
      <span className="inline-flex" title={reason} data-testid="write-email-disabled">
        <Button
          variant={variant}
          aria-disabled="true"
          aria-describedby={hintId}
          onClick={() => toast(reason, { id: 'write-email-no-address' })}
        >
          {label}
        </Button>
        <span id={hintId} className="sr-only">
          {reason}
        </span>
      </span>
    );
  }
  return (
    <Link
      to={composeHref(request)}
      className={buttonClasses(variant)}
      onPointerEnter={prefetch}
      onFocus={prefetch}
    >
      {label}
    </Link>
  );
}
