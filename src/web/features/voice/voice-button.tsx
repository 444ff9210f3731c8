import { useTranslation } from 'react-i18next';
import { Mic, MicOff } from 'lucide-react';
import { cn } from '@web/ui/cn.ts';
import { useVoiceCommand } from './use-voice-command.ts';

/**
 * The floating voice-command button (spec §2, §9), bottom right, above the page; lifted above a sticky action
 * bar (styles.css), and the shell leaves room for it below the content.
 */
export function VoiceButton() {
  const { t } = useTranslation('voice');
  const { supported, state, heard, start, stop } = useVoiceCommand();
  const listening = state === 'listening';
  return (
    <aside
      aria-label={t('voice:region')}
      data-voice-button
      className="fixed right-4 bottom-4 z-40 flex flex-col items-end gap-2 sm:right-6 sm:bottom-6 print:hidden"
    >
      <p
        role="status"
        className={cn(
          'max-w-64 rounded-lg border border-border bg-surface px-3 py-2 text-sm text-foreground shadow-pop',
          state === 'idle' && 'sr-only',
        )}
      >
        {state === 'listening'
          ? t('voice:listening')
          : state === 'heard'
            ? t('voice:heard', { phrase: heard })
            : ''}
      </p>
      <button
        type="button"
        onClick={listening ? stop : start}
        aria-pressed={listening}
        aria-label={listening ? t('voice:stop') : t('voice:start')}
        title={supported ? (listening ? t('voice:stop') : t('voice:start')) : t('voice:errors.unsupported')}
        className={cn(
          'relative flex size-14 items-center justify-center rounded-full shadow-pop transition-colors',
          listening
            ? 'bg-danger text-danger-foreground hover:bg-danger-hover'
            : 'bg-primary text-primary-foreground hover:bg-primary-hover',
        )}
      >
        {listening ? (
          <span aria-hidden="true" className="absolute inset-0 animate-ping rounded-full bg-danger/40" />
        ) : null}
        {supported ? (
          <Mic aria-hidden="true" className="relative size-6" />
        ) : (
          <MicOff aria-hidden="true" className="size-6" />
        )}
      </button>
    </aside>
  );
}
