import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/ui/cn.ts';
import { CONTACT_VIEWS, contactsViewPath, type ContactView } from './contacts-view.ts';

/** "Clienti / Fornitori": the two views of the contacts page, as links (each view has its own address). */
export function ContactsViewSwitch({ current }: { current: ContactView }) {
  const { t } = useTranslation('clients');
  return (
    <nav aria-label={t('clients:suppliers.view.label')} className="mb-4">
      <ul className="inline-flex rounded-lg border border-border bg-surface-muted p-1 text-sm font-medium">
        {CONTACT_VIEWS.map((view) => (
          <li key={view}>
            <Link
              to={contactsViewPath(view)}
              aria-current={view === current ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-9 items-center rounded-md px-4',
                view === current
                  ? 'bg-surface text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {t(`clients:suppliers.view.${view}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
