import { memo, useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronDown, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { accessDecision, routeByName, type AccessContext } from '@shared/navigation/routes.ts';
import { LOADING_TEXT } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { prefetchRoute } from '@web/app/route-prefetch.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { cn } from '@web/ui/cn.ts';
import { Spinner } from '@web/ui/spinner.tsx';
import { MAIN_NAV, ORGANIZATION_NAV, SETTINGS_NAV, TOOLS_NAV, type NavItem } from './nav-items.ts';

/** Entries the role may open; the web hides what the role cannot do (DESIGN §4). */
function visible(items: NavItem[], ctx: AccessContext): NavItem[] {
  return items
    .filter((item) => accessDecision(routeByName(item.name), ctx) !== 'forbidden')
    .map((item) => (item.children ? { ...item, children: visible(item.children, ctx) } : item));
}

/** A hover, focus or press on a menu entry loads its screen's code, translations and first data. */
function usePrefetchOnIntent(path: string) {
  const queryClient = useQueryClient();
  const me = useSignedInMe();
  return () => void prefetchRoute(path, { queryClient, orgId: me.activeOrganizationId, data: true });
}

/** How long the first screen has the network and the CPU to itself before the rest of the menu's code loads. */
const IDLE_PREFETCH_DELAY_MS = 1_500;

/**
 * Once the first screen has loaded and the browser is idle, the code of every screen of the menu, so no click
 * waits for a chunk: one screen at a time, each in an idle moment after the last one arrived. All at once, their
 * chunks were evaluated in one burst of 50–60 ms that a click or a search in that second had to wait behind.
 */
function usePrefetchWhenIdle(paths: string[]) {
  const key = paths.join(' ');
  useEffect(() => {
    const queue = key.split(' ');
    let stopped = false;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const whenIdle = (run: () => void) => {
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(run, { timeout: 5_000 });
      else timer = setTimeout(run, 50);
    };
    const next = () => {
      const path = queue.shift();
      if (stopped || path === undefined) return;
      void prefetchRoute(path).then(() => whenIdle(next));
    };
    timer = setTimeout(() => whenIdle(next), IDLE_PREFETCH_DELAY_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [key]);
}

/** Memoised: only its NavLink follows the address (the entry's own elements are handed to it unchanged). */
const NavEntry = memo(function NavEntry({
  item,
  collapsed,
  onNavigate,
  nested = false,
}: {
  item: NavItem;
  collapsed: boolean;
  onNavigate?: () => void;
  nested?: boolean;
}) {
  const { t } = useTranslation('navigation');
  const label = t(`navigation:routes.${item.name}`);
  const prefetch = usePrefetchOnIntent(item.path);
  return (
    <NavLink
      to={item.path}
      end={!!item.children}
      onClick={onNavigate}
      onMouseEnter={prefetch}
      onFocus={prefetch}
      onPointerDown={prefetch}
      title={collapsed ? label : undefined}
      className={({ isActive }) =>
        cn(
          'group flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors',
          'text-muted-foreground hover:bg-surface-muted hover:text-foreground',
          isActive &&
            'bg-primary-soft text-primary-soft-foreground hover:bg-primary-soft hover:text-primary-soft-foreground',
          collapsed && 'justify-center px-0',
          nested && !collapsed && 'h-9 pl-10',
        )
      }
    >
      <item.Icon aria-hidden="true" className={cn('size-5 shrink-0', nested && !collapsed && 'size-4')} />
      <span className={cn('truncate', collapsed && 'sr-only')}>{label}</span>
    </NavLink>
  );
});

function NavGroupEntry({
  item,
  collapsed,
  onNavigate,
}: {
  item: NavItem;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('navigation');
  const location = useLocation();
  const listId = useId();
  const inside = location.pathname.startsWith(`${item.path}/`);
  const [open, setOpen] = useState(inside);
  const expanded = open || inside;
  const children = item.children ?? [];
  if (children.length === 0) return <NavEntry item={item} collapsed={collapsed} onNavigate={onNavigate} />;
  if (collapsed) {
    return (
      <>
        <NavEntry item={item} collapsed onNavigate={onNavigate} />
        <ul className="mt-1 flex flex-col gap-1">
          {children.map((child) => (
            <li key={child.name}>
              <NavEntry item={child} collapsed nested onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <>
      <div className="relative">
        <NavEntry item={item} collapsed={false} onNavigate={onNavigate} />
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-label={t('navigation:sidebar.subEntries', { name: t(`navigation:routes.${item.name}`) })}
          onClick={() => setOpen((v) => !v)}
          disabled={inside}
          className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-border hover:text-foreground disabled:opacity-100"
        >
          <ChevronDown
            aria-hidden="true"
            className={cn('size-4 transition-transform', expanded && 'rotate-180')}
          />
        </button>
      </div>
      <ul id={listId} hidden={!expanded} className="mt-1 flex flex-col gap-1">
        {children.map((child) => (
          <li key={child.name}>
            <NavEntry item={child} collapsed={false} nested onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The sidebar's entries: main entries, the Tools group and Settings at the bottom. It shows a spinner until
 * the navigation translations are ready (spec §2).
 */
export const SidebarNav = memo(function SidebarNav({
  access,
  collapsed,
  onNavigate,
  onToggleCollapsed,
}: {
  access: AccessContext;
  collapsed: boolean;
  onNavigate?: () => void;
  /** Given on wide screens: the collapse button at the bottom. */
  onToggleCollapsed?: () => void;
}) {
  const { t, ready } = useTranslation('navigation', { useSuspense: false });
  const main = visible(MAIN_NAV, access);
  const tools = visible(TOOLS_NAV, access);
  const account = visible([ORGANIZATION_NAV, SETTINGS_NAV], access);
  usePrefetchWhenIdle(ready ? [...main, ...tools, ...account].map((item) => item.path) : []);
  if (!ready) {
    return (
      <div className="flex flex-1 items-center justify-center">
        <Spinner label={LOADING_TEXT[currentLanguage()]} />
      </div>
    );
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 overflow-y-auto px-3 py-4">
        <ul className="flex flex-col gap-1">
          {main.map((item) => (
            <li key={item.name}>
              {item.children ? (
                <NavGroupEntry item={item} collapsed={collapsed} onNavigate={onNavigate} />
              ) : (
                <NavEntry item={item} collapsed={collapsed} onNavigate={onNavigate} />
              )}
            </li>
          ))}
        </ul>
        {tools.length > 0 ? (
          <div className="mt-6">
            <h2
              id="sidebar-tools"
              className={cn(
                'mb-2 px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase',
                collapsed && 'sr-only',
              )}
            >
              {t('navigation:sidebar.tools')}
            </h2>
            {collapsed ? <div aria-hidden="true" className="mx-3 mb-2 h-px bg-border" /> : null}
            <ul aria-labelledby="sidebar-tools" className="flex flex-col gap-1">
              {tools.map((item) => (
                <li key={item.name}>
                  <NavEntry item={item} collapsed={collapsed} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="flex flex-col gap-1 border-t border-border px-3 py-3">
        {account.map((item) => (
          <NavEntry key={item.name} item={item} collapsed={collapsed} onNavigate={onNavigate} />
        ))}
        {onToggleCollapsed ? (
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-expanded={!collapsed}
            aria-label={collapsed ? t('navigation:sidebar.expand') : t('navigation:sidebar.collapse')}
            title={collapsed ? t('navigation:sidebar.expand') : t('navigation:sidebar.collapse')}
            data-testid="sidebar-collapse"
            className={cn(
              'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-surface-muted hover:text-foreground',
              collapsed && 'justify-center px-0',
            )}
          >
            {collapsed ? (
              <PanelLeftOpen aria-hidden="true" className="size-5 shrink-0" />
            ) : (
              <PanelLeftClose aria-hidden="true" className="size-5 shrink-0" />
            )}
            <span aria-hidden="true" className={cn(collapsed && 'sr-only')}>
              {collapsed ? t('navigation:sidebar.expand') : t('navigation:sidebar.collapseShort')}
            </span>
          </button>
        ) : null}
      </div>
    </div>
  );
});
