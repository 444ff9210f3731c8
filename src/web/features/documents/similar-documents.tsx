import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';
import { FileKindIcon } from './document-bits.tsx';
import { useDocuments } from './documents-api.ts';

/** "More like this": documents sharing the rarer words of this one (GET /documents?likeId=), best first. */
export function SimilarDocuments({ id, hasText }: { id: string; hasText: boolean }) {
  const { t } = useTranslation(['documents', 'common']);
  const orgId = useSignedInMe().activeOrganizationId;
  const locale = localeOf(currentLanguage());
  const similar = useDocuments(orgId, new URLSearchParams({ likeId: id, pageSize: '5' }).toString(), hasText);
  if (!hasText) return null;
  const items = (similar.data?.items ?? []).filter((d) => d.id !== id);

  return (
    <Card>
      <CardHeader title={t('documents:similar.title')} />
      {similar.isPending ? (
        <SkeletonRows rows={3} label={t('common:loading')} aside={false} />
      ) : similar.isError ? (
        <p className="px-5 py-4 text-sm text-danger">{apiErrorMessage(similar.error, t)}</p>
      ) : items.length === 0 ? (
        <p className="px-5 py-4 text-sm text-muted-foreground">{t('documents:similar.none')}</p>
      ) : (
        <ul className="divide-y divide-border">
          {items.map((doc) => (
            <li key={doc.id} className="flex items-center gap-3 px-5 py-2.5">
              <FileKindIcon mimeType={doc.mimeType} className="shrink-0" />
              <div className="min-w-0 flex-1">
                <Link
                  to={`/documents/${doc.id}`}
                  className="block truncate text-sm font-medium text-foreground hover:text-primary hover:underline"
                >
                  {doc.title}
                </Link>
                <p className="truncate text-xs text-muted-foreground">
                  {t(`documents:types.${doc.documentType}`)}
                  {doc.documentDate ? ` · ${formatDate(doc.documentDate, locale)}` : ''}
                  {doc.correspondent ? ` · ${doc.correspondent.name}` : ''}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
