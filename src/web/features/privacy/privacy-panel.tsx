import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, Building2, Check, FileArchive, Trash2 } from 'lucide-react';
import { useSignedInMe } from '@web/app/session.ts';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { Dialog, DialogTrigger } from '@web/ui/dialog.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { DownloadCard } from './download-card.tsx';
import { downloadMyData, downloadOrganizationData } from './privacy-api.ts';

const MY_DATA_ITEMS = ['profile', 'sessions', 'organizations', 'security', 'mail', 'created'] as const;

/**
 * Settings → Privacy (GDPR): download one's personal data, export the organization's data (super admins),
 * and delete the account.
 */
export function PrivacyPanel() {
  const { t } = useTranslation(['privacy', 'settings']);
  const me = useSignedInMe();
  const [deleting, setDeleting] = useState(false);
  const activeOrganization = me.organizations.find((o) => o.id === me.activeOrganizationId);

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <p className="text-sm text-muted-foreground">{t('privacy:description')}</p>

      <DownloadCard
        icon={<FileArchive aria-hidden="true" className="size-5" />}
        title={t('privacy:myData.title')}
        description={t('privacy:myData.description')}
        buttonLabel={t('privacy:myData.download')}
        savedText={(fileName) => t('privacy:myData.saved', { fileName })}
        download={downloadMyData}
      >
        <div>
          <h3 className="text-sm font-medium text-foreground">{t('privacy:myData.includesLabel')}</h3>
          <ul className="mt-2 grid gap-x-6 gap-y-1.5 text-sm text-foreground sm:grid-cols-2">
            {MY_DATA_ITEMS.map((item) => (
              <li key={item} className="flex items-start gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                {t(`privacy:myData.items.${item}`)}
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-muted-foreground">{t('privacy:myData.noSecrets')}</p>
        </div>
      </DownloadCard>

      {me.role === 'super_admin' && activeOrganization ? (
        <DownloadCard
          icon={<Building2 aria-hidden="true" className="size-5" />}
          title={t('privacy:orgData.title')}
          description={t('privacy:orgData.description', { name: activeOrganization.name })}
          buttonLabel={t('privacy:orgData.download')}
          savedText={(fileName) => t('privacy:orgData.saved', { fileName })}
          download={downloadOrganizationData}
        >
          <p className="text-sm text-muted-foreground">{t('privacy:orgData.onlySuperAdmin')}</p>
        </DownloadCard>
      ) : null}

      <Card className="border-danger/40">
        <CardHeader
          icon={<AlertTriangle aria-hidden="true" className="size-5" />}
          className="[&>div:first-child]:bg-danger-soft [&>div:first-child]:text-danger-soft-foreground"
          title={t('privacy:danger.title')}
          description={t('privacy:danger.description')}
        />
        <CardContent>
          <Dialog open={deleting} onOpenChange={setDeleting}>
            <DialogTrigger asChild>
              <Button variant="danger" className="w-full sm:w-auto">
                <Trash2 aria-hidden="true" className="size-4" />
                {t('privacy:danger.deleteAccount')}
              </Button>
            </DialogTrigger>
            {deleting ? <DeleteAccountDialog /> : null}
          </Dialog>
        </CardContent>
      </Card>
    </div>
  );
}
