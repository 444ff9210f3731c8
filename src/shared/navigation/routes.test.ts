import { describe, expect, it } from 'vitest';
import {
  accessDecision,
  canAccess,
  DEFAULT_PATH,
  findRoute,
  resolvePath,
  routeByName,
  ROUTES,
  safeReturnPath,
} from './routes.ts';

const member = (role: 'super_admin' | 'admin' | 'manager' | 'user' | 'viewer') => ({
  role,
  hasOrganization: true,
});
const noOrg = { role: null, hasOrganization: false };

describe('route table', () => {
  it('lists every route of the spec once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of [
      '/login',
      '/register',
      '/reset-password',
      '/dashboard',
      '/clients',
      '/invoices',
      '/invoices/:id',
      '/purchase-invoices',
      '/purchase-invoices/:id',
      '/quotes',
      '/transactions',
      '/inventory',
      '/documents',
      '/analytics',
      '/reports',
      '/email',
      '/email/analytics',
      '/scan',
      '/voice',
      '/calendar',
      '/calendar-page',
      '/onboarding',
      '/settings',
      '/organization',
      '/profile',
      '/help',
      '/documentation',
      '/api-reference',
      '/system-status',
      '/security',
      '/compliance',
      '/terms',
      '/legal',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('leaves out the internal test pages', () => {
    for (const p of [
      '/test',
      '/test-route',
      '/test-debug',
      '/test-analytics',
      '/test-export',
      '/tax-pdf-test',
    ]) {
      expect(findRoute(p)).toBeUndefined();
    }
  });

  it('matches parameterised paths', () => {
    expect(findRoute('/invoices/abc-123')?.name).toBe('invoice');
    expect(findRoute('/clients/6f1c1f0e-8a4b-4c55-9a51-2b7c3f0d9e11')?.name).toBe('clientDetail');
    expect(findRoute('/clients')?.name).toBe('clients');
    expect(findRoute('/inventory/3f1c2d4e-0000-4000-8000-000000000000')?.name).toBe('inventoryItem');
    expect(findRoute('/inventory')?.name).toBe('inventory');
    expect(findRoute('/email/analytics')?.name).toBe('emailAnalytics');
    expect(findRoute('/quotes/new')?.name).toBe('quoteNew');
    expect(findRoute('/quotes/6f1c1f0e-8a4b-4c55-9a51-2b7c3f0d9e11')?.name).toBe('quote');
    expect(findRoute('/quotes/6f1c1f0e-8a4b-4c55-9a51-2b7c3f0d9e11/edit')?.name).toBe('quoteEdit');
    expect(findRoute('/invoices/new')?.name).toBe('invoiceNew');
    expect(findRoute('/invoices/abc-123/edit')?.name).toBe('invoiceEdit');
    expect(findRoute('/purchase-invoices')?.name).toBe('purchaseInvoices');
    expect(findRoute('/purchase-invoices/6f1c1f0e-8a4b-4c55-9a51-2b7c3f0d9e11')?.name).toBe(
      'purchaseInvoice',
    );
    expect(findRoute('/q/some-signed-token')?.name).toBe('publicQuote');
    expect(findRoute('/calendar')?.name).toBe('calendar');
    expect(findRoute('/calendar/events/6f1c1f0e-8a4b-4c55-9a51-2b7c3f0d9e11')?.name).toBe('calendarEvent');
    expect(findRoute('/rsvp/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde')?.name).toBe('rsvp');
    expect(findRoute('/dashboard?x=1')?.name).toBe('dashboard');
  });

  it('keeps the public quote page outside the sign-in rules', () => {
    const route = findRoute('/q/abc');
    expect(route?.public).toBe(true);
    expect(safeReturnPath('/q/abc')).toBe('/dashboard');
  });

  it('keeps the RSVP page outside the sign-in rules', () => {
    const route = findRoute('/rsvp/some-token');
    expect(route?.public).toBe(true);
    expect(route?.available).toBe(true);
    expect(safeReturnPath('/rsvp/some-token')).toBe('/dashboard');
  });

  it('sends the index and unknown routes to /dashboard', () => {
    expect(DEFAULT_PATH).toBe('/dashboard');
    expect(resolvePath('/')).toBe('/dashboard');
    expect(resolvePath('/nowhere')).toBe('/dashboard');
    expect(resolvePath('/clients/extra/segments')).toBe('/dashboard');
    expect(resolvePath('/clients')).toBe('/clients');
  });
});

describe('canAccess', () => {
  const analytics = routeByName('analytics');
  const reports = routeByName('reports');
  const emailAnalytics = routeByName('emailAnalytics');
  const organization = routeByName('organization');
  const dashboard = routeByName('dashboard');

  it('lets every role open ordinary pages of its organization', () => {
    for (const role of ['super_admin', 'admin', 'manager', 'user', 'viewer'] as const) {
      expect(canAccess(dashboard, member(role))).toBe(true);
    }
  });

  it('requires an organization for organization pages', () => {
    expect(accessDecision(dashboard, noOrg)).toBe('needs_organization');
    expect(canAccess(routeByName('onboarding'), noOrg)).toBe(true);
    expect(canAccess(routeByName('help'), noOrg)).toBe(true);
  });

  it('needs view_analytics for /analytics and /email/analytics', () => {
    for (const route of [analytics, emailAnalytics]) {
      expect(canAccess(route, member('super_admin'))).toBe(true);
      expect(canAccess(route, member('admin'))).toBe(true);
      expect(canAccess(route, member('manager'))).toBe(true);
      expect(accessDecision(route, member('user'))).toBe('forbidden');
      expect(accessDecision(route, member('viewer'))).toBe('forbidden');
      expect(accessDecision(route, noOrg)).toBe('needs_organization');
    }
  });

  it('needs view_analytics and access_reports for /reports', () => {
    expect(canAccess(reports, member('manager'))).toBe(true);
    expect(canAccess(reports, member('user'))).toBe(false);
    expect(canAccess(reports, noOrg)).toBe(false);
  });

  it('keeps /organization for admins', () => {
    expect(canAccess(organization, member('super_admin'))).toBe(true);
    expect(canAccess(organization, member('admin'))).toBe(true);
    expect(accessDecision(organization, member('manager'))).toBe('forbidden');
    expect(accessDecision(organization, member('user'))).toBe('forbidden');
    expect(accessDecision(organization, noOrg)).toBe('needs_organization');
  });
});

describe('safeReturnPath', () => {
  it('keeps same-site protected paths', () => {
    expect(safeReturnPath('/invoices/42')).toBe('/invoices/42');
    // The link of the notification of a received invoice.
    expect(safeReturnPath('/purchase-invoices/42')).toBe('/purchase-invoices/42');
    expect(safeReturnPath('/settings?tab=outbox')).toBe('/settings?tab=outbox');
  });

  it('comes back to an invitation link, the one public page that asks for a sign-in', () => {
    expect(findRoute('/invite/abc.def')?.name).toBe('invite');
    expect(safeReturnPath('/invite/abc.def')).toBe('/invite/abc.def');
  });

  it('refuses other sites, sign-in pages and junk', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil',
      '/login',
      '/register',
      'x',
      42,
      null,
    ]) {
      expect(safeReturnPath(bad)).toBe('/dashboard');
    }
  });
});
