import { useTranslation } from 'react-i18next';
import { BarChart3, Cloud, FileSearch, Landmark, ShieldCheck, Users } from 'lucide-react';
import { Logo } from '@web/ui/logo.tsx';

const FEATURES = [
  { key: 'analytics', Icon: BarChart3 },
  { key: 'documents', Icon: FileSearch },
  { key: 'security', Icon: ShieldCheck },
  { key: 'cloud', Icon: Cloud },
  { key: 'tax', Icon: Landmark },
  { key: 'collaboration', Icon: Users },
] as const;

const CLAIMS = ['companies', 'uptime', 'support', 'gdpr'] as const;

/**
 * The marketing side of the sign-in pages: the spec's feature claims and the 30-day trial. The numeric
 * claims (10K companies, 99.9% uptime, 24/7 support, GDPR) only when the installation says they are true.
 */
export function MarketingPanel({ showClaims }: { showClaims: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <section
      aria-labelledby="marketing-title"
      className="relative flex flex-col justify-between overflow-hidden bg-gradient-to-br from-brand-from to-brand-to px-6 py-10 text-white sm:px-10 lg:min-h-dvh lg:px-12 lg:py-12"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-80 rounded-full bg-white/10 blur-3xl"
      />
      <div className="relative hidden lg:block [&_span]:text-white">
        <Logo />
      </div>
      <div className="relative mt-0 lg:mt-12">
        <h2 id="marketing-title" className="max-w-lg text-2xl font-semibold tracking-tight sm:text-3xl">
          {t('auth:marketing.title')}
        </h2>
        <p className="mt-3 max-w-lg text-base text-indigo-100">{t('auth:marketing.subtitle')}</p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2">
          {FEATURES.map(({ key, Icon }) => (
            <li key={key} className="flex gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-white/15">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span>
                <span className="block text-sm font-semibold">
                  {t(`auth:marketing.features.${key}.title`)}
                </span>
                <span className="block text-sm text-indigo-100">
                  {t(`auth:marketing.features.${key}.text`)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="relative mt-10">
        <p className="inline-flex rounded-full bg-white/15 px-4 py-2 text-sm font-medium">
          {t('auth:marketing.trial')}
        </p>
        {showClaims ? (
          <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
            {CLAIMS.map((key) => (
              <div key={key}>
                <dt className="sr-only">{t(`auth:marketing.claims.${key}.label`)}</dt>
                <dd className="text-xl font-semibold">{t(`auth:marketing.claims.${key}.value`)}</dd>
                <dd className="text-xs text-indigo-100">{t(`auth:marketing.claims.${key}.label`)}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </section>
  );
}
