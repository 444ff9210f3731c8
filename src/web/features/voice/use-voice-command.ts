import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { matchVoiceCommand } from '@shared/voice/match-command.ts';
import { recognitionLocale, speechRecognitionConstructor, type SpeechRecognitionLike } from './speech.ts';

export type VoiceState = 'idle' | 'listening' | 'heard';

/**
 * Voice recognition (spec §4, §9): single utterance, no interim results; idle → listening → heard. A phrase
 * becomes a navigation; "logout" and "dark mode" only show a toast; anything else is reported as not recognised.
 */
export function useVoiceCommand() {
  const { t, i18n } = useTranslation('voice');
  const navigate = useNavigate();
  const [state, setState] = useState<VoiceState>('idle');
  const [heard, setHeard] = useState('');
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  const idleTimer = useRef<number | undefined>(undefined);
  const supported = speechRecognitionConstructor() !== null;

  useEffect(
    () => () => {
      recognition.current?.abort();
      window.clearTimeout(idleTimer.current);
    },
    [],
  );

  const handlePhrase = useCallback(
    (phrase: string) => {
      const result = matchVoiceCommand(phrase);
      if (result.kind === 'navigate') {
        toast.success(t('voice:going', { phrase }));
        navigate(result.path);
      } else if (result.kind === 'toast') {
        toast(t(`voice:toast.${result.command}`));
      } else {
        toast.error(t('voice:errors.notRecognized', { phrase }));
      }
    },
    [navigate, t],
  );

  const stop = useCallback(() => {
    recognition.current?.abort();
    recognition.current = null;
    setState('idle');
  }, []);

  const start = useCallback(() => {
    const Recognition = speechRecognitionConstructor();
    if (!Recognition) {
      toast.error(t('voice:errors.unsupported'));
      return;
    }
    recognition.current?.abort();
    window.clearTimeout(idleTimer.current);
    const r = new Recognition();
    r.lang = recognitionLocale(i18n.language);
    r.continuous = false;
    r.interimResults = false;
    r.maxAlternatives = 1;
    let gotResult = false;
    r.onresult = (event) => {
      const phrase = event.results[0]?.[0]?.transcript?.trim() ?? '';
      gotResult = true;
      setHeard(phrase);
      setState('heard');
      handlePhrase(phrase);
      idleTimer.current = window.setTimeout(() => setState('idle'), 2500);
    };
    r.onerror = (event) => {
      if (event.error === 'aborted') return;
      gotResult = true;
      setState('idle');
      toast.error(
        event.error === 'not-allowed' || event.error === 'service-not-allowed'
          ? t('voice:errors.notAllowed')
          : t('voice:errors.generic'),
      );
    };
    r.onend = () => {
      if (!gotResult) setState('idle');
    };
    recognition.current = r;
    setHeard('');
    setState('listening');
    try {
      r.start();
    } catch {
      setState('idle');
      toast.error(t('voice:errors.generic'));
    }
  }, [handlePhrase, i18n.language, t]);

  return { supported, state, heard, start, stop };
}
