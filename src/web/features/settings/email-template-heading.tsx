import { useTranslation } from 'react-i18next';
import { Badge } from '@web/ui/badge.tsx';
import { cn } from '@web/ui/cn.ts';
import {
  TEMPLATE_LANGUAGES,
  type EmailTemplateItem,
  type TemplateLanguage,
} from './email-template-editing.ts';
import { findTemplate, type TemplateTarget } from './email-templates-api.ts';

/** The open template's name, state (customized, unsaved) and the switch between its languages. */
export function TemplateHeading({
  items,
  selected,
  dirty,
  onLanguage,
}: {
  items: EmailTemplateItem[];
  selected: TemplateTarget;
  dirty: boolean;
  onLanguage: (language: TemplateLanguage) => void;
}) {
  const { t } = useTranslation('settings');
  const stored = findTemplate(items, selected);
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
      <div className="min-w-0 basis-56 grow">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id="email-template-title" className="text-base font-semibold text-foreground">
            {t(`settings:emailTemplates.names.${selected.key}`)}
          </h3>
          <Badge
            tone={stored?.customized ? 'primary' : 'neutral'}
            data-testid="email-template-status"
            data-customized={stored?.customized ? 'true' : 'false'}
          >
            {stored?.customized
              ? t('settings:emailTemplates.customized')
              : t('settings:emailTemplates.defaultText')}
          </Badge>
          {dirty ? (
            <Badge tone="warning" data-testid="email-template-unsaved">
              {t('settings:emailTemplates.unsaved')}
            </Badge>
          ) : null}
        </div>
        <p className="mt-1 text-sm text-muted-foreground">
          {t(`settings:emailTemplates.purposes.${selected.key}`)}
        </p>
      </div>
      <div
        role="group"
        aria-label={t('settings:emailTemplates.languageLabel')}
        className="inline-flex rounded-md border border-input bg-surface-muted p-0.5"
      >
        {TEMPLATE_LANGUAGES.map((language) => {
          const active = language === selected.language;
          const customized = findTemplate(items, { key: selected.key, language })?.customized;
          return (
            <button
              key={language}
              type="button"
              lang={language}
              aria-pressed={active}
              data-testid={`email-template-language-${language}`}
              onClick={() => onLanguage(language)}
              className={cn(
                'inline-flex h-8 items-center gap-1.5 rounded px-3 text-sm font-medium text-muted-foreground transition-colors',
                'hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                active && 'bg-surface text-foreground shadow-card',
              )}
            >
              {t(`settings:emailTemplates.languages.${language}`)}
              {customized ? (
                <>
                  <span aria-hidden="true" className="size-1.5 rounded-full bg-primary" />
                  <span className="sr-only">({t('settings:emailTemplates.languageCustomized')})</span>
                </>
              ) : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}
