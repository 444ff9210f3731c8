import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import type { TDocument } from '@shared/documents/contracts.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { buttonClasses } from '@web/ui/button.tsx';
import { FileKindIcon, sizeText } from './document-bits.tsx';
import { documentFileUrl } from './documents-api.ts';

/** Types the browser shows itself inline (HEIC and TIFF arrive converted, or are offered for download). */
const IMAGE_INLINE = /^image\/(jpeg|png|webp|gif|avif|bmp)$/;

/** The file itself: an image, a PDF in the browser's viewer, or for other files an icon and a download. */
export function DocumentPreview({ doc }: { doc: TDocument }) {
  const { t } = useTranslation(['documents']);
  const locale = localeOf(currentLanguage());
  const [failed, setFailed] = useState(false);
  const url = documentFileUrl(doc.id);

  if (!failed && IMAGE_INLINE.test(doc.mimeType)) {
    return (
      <div className="flex justify-center bg-surface-muted p-2">
        <img
          src={url}
          alt={t('documents:detail.previewAlt', { title: doc.title })}
          className="max-h-[50dvh] w-auto max-w-full rounded object-contain lg:max-h-[70dvh]"
          onError={() => setFailed(true)}
        />
      </div>
    );
  }
  if (!failed && doc.mimeType === 'application/pdf') {
    return (
      <iframe
        src={url}
        title={t('documents:detail.previewTitle', { title: doc.title })}
        className="h-[60dvh] w-full rounded-b-lg border-0 bg-surface-muted lg:h-[75dvh]"
      />
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <FileKindIcon mimeType={doc.mimeType} className="size-12" />
      <p className="text-sm font-medium text-foreground break-all">{doc.fileName}</p>
      <p className="text-xs text-muted-foreground">
        {failed ? t('documents:detail.previewFailed') : t('documents:detail.noPreview')} ·{' '}
        {sizeText(doc.sizeBytes, locale)}
      </p>
      <a href={documentFileUrl(doc.id, true)} className={buttonClasses('outline', 'sm')} download>
        <Download aria-hidden="true" className="size-4" />
        {t('documents:actions.download')}
      </a>
    </div>
  );
}
