import { hasAllPermissions, isAdminRole, type Permission, type Role } from '../auth/permissions.ts';

/**
 * The route table (core-app spec §2 and §6): every public and protected route, described once with its
 * name, category and access rules. The web builds its router and sidebar from it; the guard reads it.
 */
export type RouteCategory =
  | 'public'
  | 'main'
  | 'financial'
  | 'business'
  | 'reports'
  | 'communication'
  | 'tools'
  | 'scheduling'
  | 'account'
  | 'support'
  | 'legal';

export interface RouteAccess {
  /** Needs an active organization. */
  requiresOrganization?: boolean;
  /** Needs every permission listed. */
  permissions?: readonly Permission[];
  /** super_admin and admin only. */
  adminOnly?: boolean;
}

export interface AppRoute {
  name: string;
  path: string;
  category: RouteCategory;
  /** Reachable without signing in. */
  public?: boolean;
  /** Built by this release; false means the area shows a "not available yet" state. */
  available: boolean;
  /** A public page worth coming back to after signing in (an invitation link): see safeReturnPath. */
  returnAfterSignIn?: boolean;
  access?: RouteAccess;
}

const org = { requiresOrganization: true } as const;

export const ROUTES = [
  { name: 'login', path: '/login', category: 'public', public: true, available: true },
  { name: 'register', path: '/register', category: 'public', public: true, available: true },
  { name: 'resetPassword', path: '/reset-password', category: 'public', public: true, available: true },
  { name: 'rsvp', path: '/rsvp/:token', category: 'public', public: true, available: true },
  { name: 'unsubscribe', path: '/unsubscribe/:payload', category: 'public', public: true, available: false },
  { name: 'publicQuote', path: '/q/:token', category: 'public', public: true, available: true },
  {
    name: 'invite',
    path: '/invite/:token',
    category: 'public',
    public: true,
    available: true,
    returnAfterSignIn: true,
  },

  { name: 'dashboard', path: '/dashboard', category: 'main', available: true, access: org },
  { name: 'clients', path: '/clients', category: 'main', available: true, access: org },
  { name: 'clientDetail', path: '/clients/:id', category: 'main', available: true, access: org },
  // A supplier: the contacts page's other view (/clients?view=suppliers, issue 17).
  { name: 'supplier', path: '/suppliers/:id', category: 'main', available: true, access: org },
  { name: 'invoices', path: '/invoices', category: 'financial', available: true, access: org },
  // Static segments before the parameterised ones: findRoute takes the first match.
  { name: 'invoiceNew', path: '/invoices/new', category: 'financial', available: true, access: org },
  { name: 'invoice', path: '/invoices/:id', category: 'financial', available: true, access: org },
  { name: 'invoiceEdit', path: '/invoices/:id/edit', category: 'financial', available: true, access: org },
  // Invoices received from suppliers (FatturaPA by PEC through the SDI).
  {
    name: 'purchaseInvoices',
    path: '/purchase-invoices',
    category: 'financial',
    available: true,
    access: org,
  },
  {
    name: 'purchaseInvoice',
    path: '/purchase-invoices/:id',
    category: 'financial',
    available: true,
    access: org,
  },
  { name: 'quotes', path: '/quotes', category: 'financial', available: true, access: org },
  { name: 'quoteNew', path: '/quotes/new', category: 'financial', available: true, access: org },
  { name: 'quote', path: '/quotes/:id', category: 'financial', available: true, access: org },
  { name: 'quoteEdit', path: '/quotes/:id/edit', category: 'financial', available: true, access: org },
  { name: 'transactions', path: '/transactions', category: 'financial', available: true, access: org },
  { name: 'inventory', path: '/inventory', category: 'business', available: true, access: org },
  { name: 'inventoryItem', path: '/inventory/:id', category: 'business', available: true, access: org },
  { name: 'documents', path: '/documents', category: 'business', available: true, access: org },
  { name: 'document', path: '/documents/:id', category: 'business', available: true, access: org },
  {
    name: 'analytics',
    path: '/analytics',
    category: 'reports',
    available: true,
    access: { requiresOrganization: true, permissions: ['view_analytics'] },
  },
  {
    name: 'reports',
    path: '/reports',
    category: 'reports',
    available: false,
    access: { requiresOrganization: true, permissions: ['view_analytics', 'access_reports'] },
  },
  { name: 'email', path: '/email', category: 'communication', available: true, access: org },
  {
    name: 'emailAnalytics',
    path: '/email/analytics',
    category: 'communication',
    available: false,
    access: { requiresOrganization: true, permissions: ['view_analytics'] },
  },
  { name: 'scan', path: '/scan', category: 'tools', available: true, access: org },
  { name: 'voice', path: '/voice', category: 'tools', available: true },
  { name: 'calendar', path: '/calendar', category: 'scheduling', available: true, access: org },
  {
    name: 'calendarEvent',
    path: '/calendar/events/:id',
    category: 'scheduling',
    available: true,
    access: org,
  },
  { name: 'calendarPage', path: '/calendar-page', category: 'scheduling', available: true, access: org },
  { name: 'onboarding', path: '/onboarding', category: 'account', available: true },
  { name: 'selectOrganization', path: '/select-organization', category: 'account', available: true },
  { name: 'settings', path: '/settings', category: 'account', available: true, access: org },
  {
    name: 'organization',
    path: '/organization',
    category: 'account',
    available: true,
    access: { requiresOrganization: true, adminOnly: true },
  },
  { name: 'profile', path: '/profile', category: 'account', available: false },
  { name: 'help', path: '/help', category: 'support', available: false },
  { name: 'documentation', path: '/documentation', category: 'support', available: false },
  { name: 'apiReference', path: '/api-reference', category: 'support', available: true },
  { name: 'systemStatus', path: '/system-status', category: 'support', available: true, access: org },
  { name: 'security', path: '/security', category: 'legal', available: false },
  { name: 'compliance', path: '/compliance', category: 'legal', available: false },
  { name: 'terms', path: '/terms', category: 'legal', available: false },
  { name: 'legal', path: '/legal', category: 'legal', available: false },
] as const satisfies readonly AppRoute[];

export type RouteName = (typeof ROUTES)[number]['name'];

/** Index and every unknown route lead here (spec §2). */
export const DEFAULT_PATH = '/dashboard';

export function routeByName(name: RouteName): AppRoute {
  return ROUTES.find((r) => r.name === name)!;
}

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.split('/').filter(Boolean);
  if (a.length !== b.length) return false;
  return a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}

/** The route a pathname belongs to; undefined for unknown paths (which redirect to DEFAULT_PATH). */
export function findRoute(pathname: string): AppRoute | undefined {
  const clean = pathname.split(/[?#]/)[0] ?? '';
  return (ROUTES as readonly AppRoute[]).find((r) => matches(r.path, clean));
}

/** Where an unknown path goes: itself when it is a known route, otherwise the dashboard. */
export function resolvePath(pathname: string): string {
  return findRoute(pathname) ? pathname : DEFAULT_PATH;
}

export interface AccessContext {
  /** The role in the active organization; null without one. */
  role: Role | null;
  hasOrganization: boolean;
}

export type AccessDecision = 'allowed' | 'needs_organization' | 'forbidden';

/** Why a signed-in user may or may not open a route (spec §6). */
export function accessDecision(route: AppRoute, ctx: AccessContext): AccessDecision {
  const access = route.access;
  if (!access) return 'allowed';
  const needsOrg = access.requiresOrganization || access.adminOnly || (access.permissions?.length ?? 0) > 0;
  if (needsOrg && (!ctx.hasOrganization || !ctx.role)) {
    return access.requiresOrganization ? 'needs_organization' : 'forbidden';
  }
  if (access.adminOnly && (!ctx.role || !isAdminRole(ctx.role))) return 'forbidden';
  if (access.permissions && (!ctx.role || !hasAllPermissions(ctx.role, access.permissions)))
    return 'forbidden';
  return 'allowed';
}

export function canAccess(route: AppRoute, ctx: AccessContext): boolean {
  return accessDecision(route, ctx) === 'allowed';
}

/**
 * A safe place to return to after sign-in: only same-site paths of protected routes (and of the public pages
 * marked returnAfterSignIn, such as an invitation link); anything else (absolute URLs, protocol-relative
 * `//host`, the sign-in pages themselves) gives the dashboard.
 */
export function safeReturnPath(candidate: unknown): string {
  if (typeof candidate !== 'string' || !candidate.startsWith('/') || candidate.startsWith('//')) {
    return DEFAULT_PATH;
  }
  if (candidate.includes('\\')) return DEFAULT_PATH;
  const route = findRoute(candidate);
  if (!route || (route.public && !route.returnAfterSignIn)) return DEFAULT_PATH;
  return candidate;
}
