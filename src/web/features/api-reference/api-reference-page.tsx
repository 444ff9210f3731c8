import { useTranslation } from 'react-i18next';
import { BookOpen, FileJson } from 'lucide-react';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { buttonClasses } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';

/**
 * The API reference route: the interactive reference and the OpenAPI document are served by the API itself
 * (/api/docs, /api/openapi.json), outside the app, so this page says what the API is and opens them.
 */
export function ApiReferencePage() {
  const { t } = useTranslation(['common', 'navigation']);
  const title = t('navigation:routes.apiReference');
  useDocumentTitle(title);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={title} description={t('common:apiReference.description')} />
      <Card>
        <CardHeader
          icon={<BookOpen aria-hidden="true" />}
          title={t('common:apiReference.title')}
          description={t('common:apiReference.text')}
        />
        <div className="flex flex-wrap gap-3 px-5 py-4">
          <a href="/api/docs" target="_blank" rel="noopener" className={buttonClasses('primary')}>
            <BookOpen aria-hidden="true" className="size-4" />
            {t('common:apiReference.open')}
          </a>
          <a href="/api/openapi.json" download="openapi.json" className={buttonClasses('outline')}>
            <FileJson aria-hidden="true" className="size-4" />
            {t('common:apiReference.download')}
          </a>
        </div>
      </Card>
    </div>
  );
}
