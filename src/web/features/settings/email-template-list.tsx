import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import {
  TEMPLATE_LANGUAGES,
  findTemplate,
  templateGroups,
  type EmailTemplateItem,
  type TemplateLanguage,
} from './email-template-editing.ts';

/**
 * The templates grouped by category: the system ones (with the languages the organization customized) and the
 * user's own, and "New template" at the top. `selected` is null while a new template is being written.
 */
export function TemplateList({
  items,
  language,
  selected,
  onSelect,
  onNew,
  canCreate,
}: {
  items: EmailTemplateItem[];
  language: TemplateLanguage;
  selected: string | null;
  onSelect: (item: EmailTemplateItem) => void;
  onNew: () => void;
  canCreate: boolean;
}) {
  const { t } = useTranslation('settings');
  const groups = templateGroups(items, language);
  return (
    <nav
      aria-label={t('settings:emailTemplates.listLabel')}
      className="border-b border-border lg:border-r lg:border-b-0"
    >
      {canCreate ? (
        <div className="border-b border-border px-5 py-3">
          <Button
            variant="outline"
            size="sm"
            className="w-full"
            data-testid="email-template-new"
            aria-pressed={selected === null}
            onClick={onNew}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('settings:emailTemplates.new')}
          </Button>
        </div>
      ) : null}
      {groups.map((group) => (
        <section key={group.category} aria-labelledby={`email-template-group-${group.category}`}>
          <h3
            id={`email-template-group-${group.category}`}
            className="bg-surface-muted px-5 py-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
          >
            {t(`settings:emailTemplates.categories.${group.category}`)}
          </h3>
          <ul className="divide-y divide-border">
            {group.items.map((item) => {
              const customized = item.isSystem
                ? TEMPLATE_LANGUAGES.filter(
                    (l) => findTemplate(items, { id: item.id, language: l })?.customized,
                  )
                : [];
              const current = item.id === selected;
              return (
                <li key={item.id}>
                  <button
                    type="button"
                    data-testid={`email-template-${item.isSystem ? item.id : `own-${item.name}`}`}
                    aria-current={current ? 'true' : undefined}
                    onClick={() => onSelect(item)}
                    className={cn(
                      'flex w-full flex-col items-start gap-1 border-l-2 border-transparent px-5 py-3 text-left transition-colors',
                      'hover:bg-surface-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                      current && 'border-primary bg-primary-soft/60 hover:bg-primary-soft/60',
                    )}
                  >
                    <span className="text-sm font-medium break-words text-foreground">{item.name}</span>
                    {item.description ? (
                      <span className="text-xs break-words text-muted-foreground">{item.description}</span>
                    ) : null}
                    <span className="mt-0.5 flex flex-wrap gap-1">
                      {item.isSystem ? (
                        <Badge tone="neutral">{t('settings:emailTemplates.system')}</Badge>
                      ) : (
                        <Badge tone="neutral">
                          {t('settings:emailTemplates.own')} · {item.language.toUpperCase()}
                        </Badge>
                      )}
                      {customized.length > 0 ? (
                        <Badge tone="primary">
                          {t('settings:emailTemplates.customizedIn', {
                            languages: customized.map((l) => l.toUpperCase()).join(', '),
                          })}
                        </Badge>
                      ) : null}
                      {item.warnings.length > 0 ? (
                        <Badge tone="warning">
                          {t('settings:emailTemplates.warningsCount', { count: item.warnings.length })}
                        </Badge>
                      ) : null}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </nav>
  );
}
