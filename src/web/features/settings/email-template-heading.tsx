import { useTranslation } from 'react-i18next';
import { Badge } from '@web/ui/badge.tsx';
import { cn } from '@web/ui/cn.ts';
import {
  TEMPLATE_LANGUAGES,
  findTemplate,
  type EmailTemplateItem,
  type TemplateLanguage,
} from './email-template-editing.ts';

/**
 * The open template's name and state (system, customized, own, new, unsaved); a system template also has the switch
 * between its languages (an own template has one language, chosen in its fields).
 */
export function TemplateHeading({
  items,
  stored,
  language,
  dirty,
  onLanguage,
}: {
  items: EmailTemplateItem[];
  /** The open template as stored; undefined for a new one. */
  stored: EmailTemplateItem | undefined;
  language: TemplateLanguage;
  dirty: boolean;
  onLanguage: (language: TemplateLanguage) => void;
}) {
  const { t } = useTranslation('settings');
  const status = !stored
    ? t('settings:emailTemplates.newTitle')
    : !stored.isSystem
      ? t('settings:emailTemplates.own')
      : stored.customized
        ? t('settings:emailTemplates.customized')
        : t('settings:emailTemplates.defaultText');
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
      <div className="min-w-0 basis-56 grow">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id="email-template-title" className="text-base font-semibold break-words text-foreground">
            {stored?.name || t('settings:emailTemplates.newTitle')}
          </h3>
          <Badge
            tone={stored?.customized ? 'primary' : 'neutral'}
            data-testid="email-template-status"
            data-customized={stored?.customized ? 'true' : 'false'}
          >
            {status}
          </Badge>
          {dirty ? (
            <Badge tone="warning" data-testid="email-template-unsaved">
              {t('settings:emailTemplates.unsaved')}
            </Badge>
          ) : null}
        </div>
        {stored?.description ? (
          <p className="mt-1 text-sm break-words text-muted-foreground">{stored.description}</p>
        ) : null}
      </div>
      {stored?.isSystem ? (
        <div
          role="group"
          aria-label={t('settings:emailTemplates.languageLabel')}
          className="inline-flex rounded-md border border-input bg-surface-muted p-0.5"
        >
          {TEMPLATE_LANGUAGES.map((l) => {
            const active = l === language;
            const customized = findTemplate(items, { id: stored.id, language: l })?.customized;
            return (
              <button
                key={l}
                type="button"
                lang={l}
                aria-pressed={active}
                data-testid={`email-template-language-${l}`}
                onClick={() => onLanguage(l)}
                className={cn(
                  'inline-flex h-8 items-center gap-1.5 rounded px-3 text-sm font-medium text-muted-foreground transition-colors',
                  'hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                  active && 'bg-surface text-foreground shadow-card',
                )}
              >
                {t(`settings:emailTemplates.languages.${l}`)}
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
      ) : null}
    </div>
  );
}
