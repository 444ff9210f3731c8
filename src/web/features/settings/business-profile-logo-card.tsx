import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { ImageUp, Trash2 } from 'lucide-react';
import type { TBusinessProfile } from '@shared/business-profile/contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import {
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  useDeleteLogo,
  useUploadLogo,
} from '@web/features/business-profile/business-profile-api.ts';

/** The organization's logo (printed on its documents): shown, uploaded, replaced or removed. */
export function LogoCard({ profile, canEdit }: { profile: TBusinessProfile; canEdit: boolean }) {
  const { t } = useTranslation(['settings', 'buttons', 'common']);
  const me = useSignedInMe();
  const upload = useUploadLogo(me.activeOrganizationId);
  const remove = useDeleteLogo(me.activeOrganizationId);
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);

  useEffect(() => {
    setBroken(false);
  }, [profile.logoUrl]);

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return setProblem(t('settings:logo.badType'));
    if (file.size > LOGO_MAX_BYTES) return setProblem(t('settings:logo.tooLarge'));
    upload.mutate(file, {
      onSuccess: () => toast.success(t('settings:logo.uploaded')),
      onError: (error) => setProblem(apiErrorMessage(error, t)),
    });
  }

  return (
    <Card className="self-start">
      <CardHeader title={t('settings:logo.title')} description={t('settings:logo.description')} />
      <CardContent className="flex flex-col items-center gap-4">
        <div className="flex size-36 items-center justify-center overflow-hidden rounded-lg border border-dashed border-input bg-surface-muted">
          {profile.logoUrl && !broken ? (
            <img
              src={profile.logoUrl}
              alt={t('settings:logo.alt', { name: profile.companyName })}
              className="size-full object-contain"
              onError={() => setBroken(true)}
            />
          ) : (
            <span className="px-3 text-center text-xs text-muted-foreground">{t('settings:logo.none')}</span>
          )}
        </div>
        {problem ? (
          <Alert tone="error" className="w-full">
            {problem}
          </Alert>
        ) : null}
        {canEdit ? (
          <div className="flex flex-wrap justify-center gap-2">
            <input
              ref={input}
              type="file"
              accept={LOGO_TYPES.join(',')}
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              onChange={onFile}
            />
            <Button
              variant="outline"
              size="sm"
              onClick={() => input.current?.click()}
              loading={upload.isPending}
            >
              <ImageUp aria-hidden="true" className="size-4" />
              {profile.logoUrl ? t('settings:logo.replace') : t('settings:logo.upload')}
            </Button>
            {profile.logoUrl ? (
              <Button
                variant="ghost"
                size="sm"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => toast.success(t('settings:logo.removed')),
                    onError: (error) => setProblem(apiErrorMessage(error, t)),
                  })
                }
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t('buttons:remove')}
              </Button>
            ) : null}
          </div>
        ) : null}
        <p className="text-center text-xs text-muted-foreground">{t('settings:logo.rules')}</p>
      </CardContent>
    </Card>
  );
}
