import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tabs } from 'radix-ui';
import {
  AtSign,
  Bell,
  DatabaseBackup,
  Inbox,
  Mail,
  ReceiptText,
  ScrollText,
  Send,
  ShieldCheck,
  SlidersHorizontal,
  Store,
  UserRoundCog,
} from 'lucide-react';
import type { Permission } from '@shared/auth/permissions.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { cn } from '@web/ui/cn.ts';
import { PageHeader } from '@web/ui/page-header.tsx';
import { useMediaQuery } from '@web/ui/use-media-query.ts';
import { BusinessProfilePanel } from './business-profile-panel.tsx';
import { EmailTemplatesPanel } from './email-templates-panel.tsx';
import { InvoicingSettingsPanel } from './invoicing-settings-panel.tsx';
import { MailSenderPanel } from './mail-sender-panel.tsx';
import { NotificationsPanel } from './notifications-panel.tsx';
import { OutboxPanel } from './outbox-panel.tsx';
import { PreferencesPanel } from './preferences-panel.tsx';
import { SecurityPanel } from '@web/features/security/security-panel.tsx';
import { AuditLogPanel } from '@web/features/audit/audit-log-panel.tsx';
import { BackupsPanel } from '@web/features/backups/backups-panel.tsx';
import { PrivacyPanel } from '@web/features/privacy/privacy-panel.tsx';
import { MailAccountsPanel } from '@web/features/mail-accounts/mail-accounts-panel.tsx';

const TABS = [
  { key: 'profile', Icon: Store, label: 'settings:tabs.profile' },
  { key: 'invoicing', Icon: ReceiptText, label: 'invoices:settings.tab' },
  { key: 'email-templates', Icon: Mail, label: 'settings:tabs.emailTemplates' },
  // Who the app's own mail is from and which server sends it: the organization's, for those who manage it.
  {
    key: 'mail-sending',
    Icon: Send,
    label: 'settings:tabs.mailSending',
    permission: 'manage_organization',
  },
  { key: 'preferences', Icon: SlidersHorizontal, label: 'settings:tabs.preferences' },
  { key: 'notifications', Icon: Bell, label: 'settings:tabs.notifications' },
  { key: 'outbox', Icon: Inbox, label: 'settings:tabs.outbox' },
  // Every member connects their own mailboxes (viewer included): the mail is theirs alone.
  { key: 'mail-accounts', Icon: AtSign, label: 'mail-accounts:tab' },
  // One's own account security is for every member; the organization's records need their permission.
  { key: 'security', Icon: ShieldCheck, label: 'settings:tabs.security' },
  { key: 'audit', Icon: ScrollText, label: 'settings:tabs.audit', permission: 'view_audit_logs' },
  { key: 'backups', Icon: DatabaseBackup, label: 'settings:tabs.backups', permission: 'backup_settings' },
  { key: 'privacy', Icon: UserRoundCog, label: 'settings:tabs.privacy' },
] as const satisfies readonly { key: string; Icon: unknown; label: string; permission?: Permission }[];
type TabKey = (typeof TABS)[number]['key'];

function isTab(value: string | null): value is TabKey {
  return TABS.some((tab) => tab.key === value);
}

/**
 * /settings: business profile (with logo), invoicing, document e-mail templates, e-mail sending (sender and
 * server), language and theme, notifications, the outbox, mail accounts, security, audit, backups and privacy.
 */
export function SettingsPage() {
  const { t } = useTranslation(['settings', 'navigation', 'invoices', 'mail-accounts']);
  useDocumentTitle(t('navigation:routes.settings'));
  const [params, setParams] = useSearchParams();
  const me = useSignedInMe();
  const tabs = TABS.filter((entry) => !('permission' in entry) || me.permissions.includes(entry.permission));
  const requested = params.get('tab');
  const tab: TabKey = isTab(requested) && tabs.some((e) => e.key === requested) ? requested : 'profile';
  // Every section is always in sight: a side navigation from 1024 px (arrow keys up and down), below that the
  // sections wrap onto as many rows as they need (arrow keys left and right).
  const wide = useMediaQuery('(min-width: 1024px)');

  return (
    <div>
      <PageHeader title={t('navigation:routes.settings')} description={t('settings:description')} />
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setParams({ tab: value }, { replace: true })}
        orientation={wide ? 'vertical' : 'horizontal'}
        className="flex flex-col gap-6 lg:flex-row lg:items-start lg:gap-8"
      >
        <Tabs.List
          aria-label={t('settings:tabsLabel')}
          data-testid="settings-nav"
          className={cn(
            'flex flex-wrap gap-1.5 border-b border-border pb-3',
            'lg:sticky lg:top-4 lg:w-56 lg:shrink-0 lg:flex-col lg:flex-nowrap lg:gap-0.5 lg:border-b-0 lg:pb-0',
          )}
        >
          {tabs.map(({ key, Icon, label }) => (
            <Tabs.Trigger
              key={key}
              value={key}
              className={cn(
                'inline-flex items-center gap-2 rounded-md border border-border px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors',
                'hover:bg-surface-muted hover:text-foreground',
                'data-[state=active]:border-primary data-[state=active]:bg-primary-soft data-[state=active]:text-primary-soft-foreground',
                'lg:w-full lg:border-transparent lg:py-2 lg:text-left',
                'lg:data-[state=active]:border-transparent',
              )}
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {t(label)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className="min-w-0 flex-1">
          <Tabs.Content value="profile" className="focus-visible:outline-none">
            <BusinessProfilePanel />
          </Tabs.Content>
          <Tabs.Content value="invoicing" className="focus-visible:outline-none">
            <InvoicingSettingsPanel />
          </Tabs.Content>
          <Tabs.Content value="email-templates" className="focus-visible:outline-none">
            <EmailTemplatesPanel />
          </Tabs.Content>
          {tab === 'mail-sending' && (
            <Tabs.Content value="mail-sending" className="focus-visible:outline-none">
              <MailSenderPanel />
            </Tabs.Content>
          )}
          <Tabs.Content value="preferences" className="focus-visible:outline-none">
            <PreferencesPanel />
          </Tabs.Content>
          <Tabs.Content value="notifications" className="focus-visible:outline-none">
            <NotificationsPanel />
          </Tabs.Content>
          <Tabs.Content value="outbox" className="focus-visible:outline-none">
            <OutboxPanel />
          </Tabs.Content>
          {tab === 'mail-accounts' && (
            <Tabs.Content value="mail-accounts" className="focus-visible:outline-none">
              <MailAccountsPanel />
            </Tabs.Content>
          )}
          <Tabs.Content value="security" className="focus-visible:outline-none">
            <SecurityPanel />
          </Tabs.Content>
          {tab === 'audit' && (
            <Tabs.Content value="audit" className="focus-visible:outline-none">
              <AuditLogPanel />
            </Tabs.Content>
          )}
          {tab === 'backups' && (
            <Tabs.Content value="backups" className="focus-visible:outline-none">
              <BackupsPanel />
            </Tabs.Content>
          )}
          <Tabs.Content value="privacy" className="focus-visible:outline-none">
            <PrivacyPanel />
          </Tabs.Content>
        </div>
      </Tabs.Root>
    </div>
  );
}
