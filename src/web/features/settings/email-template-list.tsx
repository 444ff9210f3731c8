import { useTranslation } from 'react-i18next';
import { EMAIL_TEMPLATE_KEYS, type EmailTemplateKey } from '@shared/invoicing/email-templates.ts';
import { Badge } from '@web/ui/badge.tsx';
import { cn } from '@web/ui/cn.ts';
import { TEMPLATE_LANGUAGES, type EmailTemplateItem } from './email-template-editing.ts';
import { findTemplate } from './email-templates-api.ts';

/** The templates of the editor, each with the languages it is customized in. */
export function TemplateList({
  items,
  selected,
  onSelect,
}: {
  items: EmailTemplateItem[];
  selected: EmailTemplateKey;
  onSelect: (key: EmailTemplateKey) => void;
}) {
  const { t } = useTranslation('settings');
  return (
    <nav
      aria-label={t('settings:emailTemplates.listLabel')}
      className="border-b border-border lg:border-r lg:border-b-0"
    >
      <ul className="divide-y divide-border">
        {EMAIL_TEMPLATE_KEYS.map((key) => {
          const customized = TEMPLATE_LANGUAGES.filter(
            (l) => findTemplate(items, { key, language: l })?.customized,
          );
          const current = key === selected;
          return (
            <li key={key}>
              <button
                type="button"
                data-testid={`email-template-${key}`}
                aria-current={current ? 'true' : undefined}
                onClick={() => onSelect(key)}
                className={cn(
                  'flex w-full flex-col items-start gap-1 border-l-2 border-transparent px-5 py-3 text-left transition-colors',
                  'hover:bg-surface-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                  current && 'border-primary bg-primary-soft/60 hover:bg-primary-soft/60',
                )}
              >
                <span className="text-sm font-medium text-foreground">
                  {t(`settings:emailTemplates.names.${key}`)}
                </span>
                <span className="text-xs text-muted-foreground">
                  {t(`settings:emailTemplates.purposes.${key}`)}
                </span>
                {customized.length > 0 ? (
                  <Badge tone="primary" className="mt-0.5">
                    {t('settings:emailTemplates.customizedIn', {
                      languages: customized.map((l) => l.toUpperCase()).join(', '),
                    })}
                  </Badge>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
