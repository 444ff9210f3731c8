import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

/** A list or a panel that failed to load: why (the children), and a button to ask again. */
export function LoadError({
  title,
  onRetry,
  children,
}: {
  title?: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('buttons');
  return (
    <div className="p-5">
      <Alert tone="error" title={title}>
        {children}
        <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
          {t('buttons:retry')}
        </Button>
      </Alert>
    </div>
  );
}
