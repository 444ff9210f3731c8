import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Plus, Upload, Users } from 'lucide-react';
import { CLIENT_ARCHIVE_FILTERS, CLIENT_SORTS, CLIENT_TYPES } from '@shared/clients/contracts.ts';
import { COUNTRY_CODES, countryName, isCountryCode } from '@shared/clients/countries.ts';
import { formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { buttonClasses } from '@web/ui/button.tsx';
import { Card } from '@web/ui/card.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Field } from '@web/ui/field.tsx';
import { SearchInput } from '@web/ui/search-input.tsx';
import { Select } from '@web/ui/input.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { ClientExportMenu } from './client-export-menu.tsx';
import { ClientTable } from './client-table.tsx';
import { useClientList, type ClientListParams } from './clients-api.ts';
import { useClientPermissions } from './client-ui.tsx';
import { Pagination } from '@web/ui/pagination.tsx';
import { PagedListBody } from '@web/ui/paged-list-body.tsx';
import { contactsView } from './contacts-view.ts';
import { ContactsViewSwitch } from './contacts-view-switch.tsx';
import { SupplierListPage } from './supplier-list.tsx';

const PAGE_SIZE = 10;
const SEARCH_DELAY_MS = 300;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** The filters from the URL; unknown values are ignored, so a hand-edited URL still opens. */
function readParams(search: URLSearchParams): ClientListParams {
  const page = Number(search.get('page'));
  const country = search.get('country')?.toUpperCase() ?? '';
  return {
    q: search.get('q')?.trim() || undefined,
    sort: oneOf(CLIENT_SORTS, search.get('sort')),
    type: oneOf(CLIENT_TYPES, search.get('type')),
    archived: oneOf(CLIENT_ARCHIVE_FILTERS, search.get('archived')),
    country: isCountryCode(country) ? country : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}

/**
 * /clients: the contacts, as clients or (`?view=suppliers`) as suppliers: one contacts page with two views, since
 * a contact can be both (issue 17).
 */
export function ClientsPage() {
  const [search] = useSearchParams();
  return contactsView(search) === 'suppliers' ? <SupplierListPage /> : <ClientListPage />;
}

/** The clients: search (typo-tolerant, on the server), filters and sort in the URL, pages of 10. */
function ClientListPage() {
  const { t } = useTranslation(['clients', 'navigation', 'common', 'buttons']);
  useDocumentTitle(t('navigation:routes.clients'));
  const { organizationId, canManage, canExport } = useClientPermissions();
  const lang = currentLanguage();
  const locale = localeOf(lang);
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readParams(search), [search]);
  const list = useClientList(organizationId, params);
  const [text, setText] = useState(params.q ?? '');

  const update = (changes: Partial<ClientListParams>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '' || value === 1) next.delete(key);
          else next.set(key, String(value));
        }
        // Any change but the page starts again from the first page.
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: !('page' in changes) },
    );

  // The box follows the URL (back and forward buttons); typing updates the URL after a pause.
  useEffect(() => {
    setText(params.q ?? '');
  }, [params.q]);
  useEffect(() => {
    const value = text.trim();
    if (value === (params.q ?? '')) return;
    const timer = setTimeout(() => update({ q: value || undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update is rebuilt each render; params.q is the input
  }, [text, params.q]);

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const page = params.page ?? 1;
  // A page past the end (fewer clients since the link was made) goes to the last page.
  useEffect(() => {
    if (data && !list.isPlaceholderData && page > pages) update({ page: pages });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the answer changes
  }, [data, page, pages]);

  const filtered = !!(
    params.q ||
    params.type ||
    params.country ||
    (params.archived ?? 'active') !== 'active'
  );

  const countries = useMemo(
    () =>
      COUNTRY_CODES.map((code) => ({ code, name: countryName(code, lang) })).sort((a, b) =>
        a.name.localeCompare(b.name, lang),
      ),
    [lang],
  );

  const actions = (
    <>
      {canExport ? <ClientExportMenu params={params} /> : null}
      {canManage ? (
        <>
          <Link to="/clients/import" className={buttonClasses('outline')}>
            <Upload aria-hidden="true" className="size-4" />
            {t('clients:actions.import')}
          </Link>
          <Link to="/clients/new" className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            {t('clients:actions.new')}
          </Link>
        </>
      ) : null}
    </>
  );

  return (
    <div>
      <PageHeader
        title={t('navigation:routes.clients')}
        description={t('clients:list.description')}
        actions={actions}
      />
      <ContactsViewSwitch current="clients" />
      <Card>
        <div
          role="search"
          aria-label={t('clients:list.filters')}
          className="grid grid-cols-2 gap-3 border-b border-border p-4 lg:grid-cols-[minmax(14rem,2fr)_repeat(4,minmax(8rem,1fr))] lg:items-end"
        >
          <Field label={t('clients:list.searchLabel')} className="col-span-2 lg:col-span-1">
            {(props) => (
              <SearchInput
                {...props}
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder={t('clients:list.searchPlaceholder')}
                maxLength={100}
                autoComplete="off"
              />
            )}
          </Field>
          <Field label={t('clients:list.type')}>
            {(props) => (
              <Select
                {...props}
                value={params.type ?? ''}
                onChange={(e) => update({ type: e.target.value || undefined })}
              >
                <option value="">{t('clients:list.allTypes')}</option>
                {CLIENT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`clients:typesPlural.${type}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('clients:list.status')}>
            {(props) => (
              <Select
                {...props}
                value={params.archived ?? 'active'}
                onChange={(e) =>
                  update({ archived: e.target.value === 'active' ? undefined : e.target.value })
                }
              >
                {CLIENT_ARCHIVE_FILTERS.map((value) => (
                  <option key={value} value={value}>
                    {t(`clients:list.archived.${value}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('clients:list.country')}>
            {(props) => (
              <Select
                {...props}
                value={params.country ?? ''}
                onChange={(e) => update({ country: e.target.value || undefined })}
              >
                <option value="">{t('clients:list.allCountries')}</option>
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('clients:list.sort')}>
            {(props) => (
              <Select
                {...props}
                value={params.sort ?? 'name'}
                onChange={(e) => update({ sort: e.target.value === 'name' ? undefined : e.target.value })}
              >
                {CLIENT_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(`clients:list.sorts.${sort}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>

        <PagedListBody
          query={list}
          filtered={filtered}
          countText={(count) => t('clients:list.count', { count })}
          loadErrorTitle={t('clients:list.loadError')}
          errorMessage={(error) => apiErrorMessage(error, t)}
          empty={
            <EmptyState
              icon={<Users aria-hidden="true" />}
              title={t('clients:empty.title')}
              description={canManage ? t('clients:empty.text') : t('clients:empty.textReadOnly')}
              action={
                canManage ? (
                  <>
                    <Link to="/clients/new" className={buttonClasses('primary')}>
                      <Plus aria-hidden="true" className="size-4" />
                      {t('clients:empty.add')}
                    </Link>
                    <Link to="/clients/import" className={buttonClasses('outline')}>
                      <Upload aria-hidden="true" className="size-4" />
                      {t('clients:empty.import')}
                    </Link>
                  </>
                ) : undefined
              }
            />
          }
          noResults={{
            title: t('clients:noResults.title'),
            text: t('clients:noResults.text'),
            resetLabel: t('clients:noResults.reset'),
            onReset: () => {
              setText('');
              setSearch(new URLSearchParams(), { replace: true });
            },
          }}
        >
          {(items, total) => (
            <>
              <ClientTable
                clients={items}
                sort={params.sort ?? 'name'}
                onSort={(sort) => update({ sort: sort === 'name' ? undefined : sort })}
              />
              <Pagination
                label={t('clients:list.pagination')}
                page={page}
                pages={pages}
                summary={t('clients:list.pageOf', {
                  page: formatNumber(page, locale),
                  pages: formatNumber(pages, locale),
                  count: total,
                  total: formatNumber(total, locale),
                })}
                onPage={(p) => update({ page: p })}
              />
            </>
          )}
        </PagedListBody>
      </Card>
    </div>
  );
}
