import { useTranslation } from 'react-i18next';
import { Mic } from 'lucide-react';
import { VOICE_EXAMPLES } from '@shared/voice/match-command.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { useVoiceCommand } from './use-voice-command.ts';

/** /voice: what the voice button understands, and a large button to try it. */
export function VoicePage() {
  const { t } = useTranslation(['voice', 'navigation']);
  useDocumentTitle(t('navigation:routes.voice'));
  const { supported, state, heard, start, stop } = useVoiceCommand();
  const lang = currentLanguage();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('navigation:routes.voice')} description={t('voice:page.description')} />
      {!supported ? (
        <Alert tone="warning" className="mb-6">
          {t('voice:errors.unsupported')}
        </Alert>
      ) : null}
      <Card className="mb-6">
        <CardContent className="flex flex-col items-center gap-4 py-8 text-center">
          <Button
            size="lg"
            onClick={state === 'listening' ? stop : start}
            aria-pressed={state === 'listening'}
          >
            <Mic aria-hidden="true" className="size-5" />
            {state === 'listening' ? t('voice:stop') : t('voice:start')}
          </Button>
          <p role="status" className="min-h-5 text-sm text-muted-foreground">
            {state === 'listening'
              ? t('voice:listening')
              : state === 'heard'
                ? t('voice:heard', { phrase: heard })
                : ''}
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader title={t('voice:page.examplesTitle')} description={t('voice:page.examplesText')} />
        <CardContent>
          <ul className="grid gap-2 sm:grid-cols-2">
            {VOICE_EXAMPLES[lang].map((phrase) => (
              <li
                key={phrase}
                className="rounded-md bg-surface-muted px-3 py-2 font-mono text-sm"
                lang={lang}
              >
                “{phrase}”
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
