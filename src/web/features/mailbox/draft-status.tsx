import { useTranslation } from 'react-i18next';
import { formatTime } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import type { DraftSaveState } from './use-server-draft.ts';

/** Where the draft stands, as it is (issue 16): saving, saved at a time, or not saved and where it is kept. */
export function DraftStatus({ state }: { state: DraftSaveState }) {
  const { t } = useTranslation(['mailbox']);
  const text = (() => {
    switch (state.kind) {
      case 'idle':
        return null;
      case 'saving':
        return t('mailbox:compose.draft.saving');
      case 'saved':
        return t('mailbox:compose.draft.saved', {
          time: formatTime(state.at, localeOf(currentLanguage())),
        });
      case 'offline':
        return t('mailbox:compose.draft.offline');
      case 'failed':
        return t('mailbox:compose.draft.failed');
      case 'conflict':
        return t('mailbox:compose.draft.conflict');
    }
  })();
  if (!text) return null;
  const problem = state.kind === 'offline' || state.kind === 'failed' || state.kind === 'conflict';
  return (
    <span role="status" className={problem ? 'font-medium text-danger' : undefined}>
      {text}
    </span>
  );
}
