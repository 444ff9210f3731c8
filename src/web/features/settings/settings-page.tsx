import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tabs } from 'radix-ui';
import { Bell, Inbox, Mail, ReceiptText, SlidersHorizontal, Store } from 'lucide-react';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { cn } from '@web/ui/cn.ts';
import { PageHeader } from '@web/ui/page-header.tsx';
import { BusinessProfilePanel } from './business-profile-panel.tsx';
import { EmailTemplatesPanel } from './email-templates-panel.tsx';
import { InvoicingSettingsPanel } from './invoicing-settings-panel.tsx';
import { NotificationsPanel } from './notifications-panel.tsx';
import { OutboxPanel } from './outbox-panel.tsx';
import { PreferencesPanel } from './preferences-panel.tsx';

const TABS = [
  { key: 'profile', Icon: Store, label: 'settings:tabs.profile' },
  { key: 'invoicing', Icon: ReceiptText, label: 'invoices:settings.tab' },
  { key: 'email-templates', Icon: Mail, label: 'settings:tabs.emailTemplates' },
  { key: 'preferences', Icon: SlidersHorizontal, label: 'settings:tabs.preferences' },
  { key: 'notifications', Icon: Bell, label: 'settings:tabs.notifications' },
  { key: 'outbox', Icon: Inbox, label: 'settings:tabs.outbox' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

function isTab(value: string | null): value is TabKey {
  return TABS.some((tab) => tab.key === value);
}

/**
 * /settings: business profile (with logo), invoicing, document e-mail templates, language and theme,
 * notifications, and the outbox.
 */
export function SettingsPage() {
  const { t } = useTranslation(['settings', 'navigation', 'invoices']);
  useDocumentTitle(t('navigation:routes.settings'));
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabKey = isTab(requested) ? requested : 'profile';

  return (
    <div>
      <PageHeader title={t('navigation:routes.settings')} description={t('settings:description')} />
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setParams({ tab: value }, { replace: true })}
        className="flex flex-col gap-6"
      >
        <Tabs.List
          aria-label={t('settings:tabsLabel')}
          className="-mx-4 flex gap-1 overflow-x-auto border-b border-border px-4 sm:mx-0 sm:px-0"
        >
          {TABS.map(({ key, Icon, label }) => (
            <Tabs.Trigger
              key={key}
              value={key}
              className={cn(
                '-mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors',
                'hover:text-foreground data-[state=active]:border-primary data-[state=active]:text-foreground',
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
              {t(label)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="profile" className="focus-visible:outline-none">
          <BusinessProfilePanel />
        </Tabs.Content>
        <Tabs.Content value="invoicing" className="focus-visible:outline-none">
          <InvoicingSettingsPanel />
        </Tabs.Content>
        <Tabs.Content value="email-templates" className="focus-visible:outline-none">
          <EmailTemplatesPanel />
        </Tabs.Content>
        <Tabs.Content value="preferences" className="focus-visible:outline-none">
          <PreferencesPanel />
        </Tabs.Content>
        <Tabs.Content value="notifications" className="focus-visible:outline-none">
          <NotificationsPanel />
        </Tabs.Content>
        <Tabs.Content value="outbox" className="focus-visible:outline-none">
          <OutboxPanel />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
