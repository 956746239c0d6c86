import { ADMIN_ROLES } from 'shared-api/contract/dashboard';
import { mayUse, sidebarFor } from './access';
import { isSidebarEntryActive, requiredModules, routeTable, targetFor } from './route-table';

const SPEC_ROUTES = [
  '/',
  '/login',
  '/signup',
  '/verify',
  '/properties',
  '/properties/:id',
  '/about',
  '/list_property',
  '/privacy',
  '/terms_and_conditions',
  '/dashboard',
  '/dashboard/profile',
  '/dashboard/listings',
  '/dashboard/listings/create',
  '/dashboard/active_listings',
  '/dashboard/investors',
  '/dashboard/owners',
  '/dashboard/transactions',
  '/dashboard/orders',
  '/dashboard/investments',
  '/dashboard/wallet',
  '/dashboard/support',
  '/onboarding',
  '/onboarding/questionnaire',
];

test('covers every route of spec section 2', () => {
  const have = new Set(routeTable.map((r) => r.path));
  expect(SPEC_ROUTES.filter((p) => !have.has(p))).toEqual([]);
});

test('paths are unique', () => {
  const list = routeTable.map((r) => r.path);
  expect(new Set(list).size).toBe(list.length);
});

test('the same path maps to a different module per role', () => {
  const listings = routeTable.find((r) => r.path === '/dashboard/listings')!;
  expect(targetFor(listings, 'ADMIN')).toMatchObject({ remote: 'mf_admin', module: 'Listings' });
  expect(targetFor(listings, 'PROPERTY_OWNER')).toMatchObject({ remote: 'mf_owner', module: 'Listings' });
  expect(targetFor(listings, 'INVESTOR')).toBeNull();
  const wallet = routeTable.find((r) => r.path === '/dashboard/wallet')!;
  expect(targetFor(wallet, 'PROPERTY_OWNER')).toMatchObject({ remote: 'mf_investor', module: 'Wallet' });
});

test('a per-role route lists only roles that have a target', () => {
  for (const r of routeTable) {
    if ('remote' in r.target) continue;
    expect(Object.keys(r.target).sort()).toEqual([...(r.roles ?? [])].sort());
  }
});

test('sidebars carry the spec entries in order', () => {
  const labels = (role: Parameters<typeof sidebarFor>[0]) => sidebarFor(role, role === 'ADMIN' ? 'SUPER_ADMIN' : null).map((e) => e.label);
  expect(labels('INVESTOR')).toEqual(['Dashboard', 'Investments', 'Orders', 'Market orders', 'Wallet', 'Profile', 'Support']);
  expect(labels('PROPERTY_OWNER')).toEqual(['Dashboard', 'My Listings', 'Active Listings', 'Wallet', 'Profile', 'Support']);
  const admin = labels('ADMIN');
  // The spec's seven entries in its order; the console's extra pages (payouts, support inbox, audit) come after Orders.
  const specAdmin = ['Dashboard', 'Listings', 'Investors', 'Owners', 'Transactions', 'Orders', 'Profile'];
  expect(admin.filter((l) => specAdmin.includes(l))).toEqual(specAdmin);
});

test("an admin's sidebar holds only the pages their admin role may use", () => {
  const labels = (adminRole: Parameters<typeof sidebarFor>[1]) => sidebarFor('ADMIN', adminRole).map((e) => e.label);
  const all = labels('SUPER_ADMIN');
  expect(all).toEqual(expect.arrayContaining(['Payouts', 'Audit trail', 'Market', 'Support', 'Team', 'Transactions']));
  expect(labels('SUPPORT')).toEqual(['Dashboard', 'Listings', 'Investors', 'Owners', 'Support', 'Profile']);
  expect(labels('COMPLIANCE')).toEqual([
    'Dashboard',
    'Listings',
    'Investors',
    'Owners',
    'Cases',
    'Pending approvals',
    'Audit trail',
    'Profile',
  ]);
  expect(labels('FINANCE')).toEqual([
    'Dashboard',
    'Listings',
    'Investors',
    'Owners',
    'Transactions',
    'Orders',
    'Payouts',
    'Reconciliation',
    'Distributions',
    'Pending approvals',
    'Appraisals',
    'Market',
    'Profile',
  ]);
  // An admin whose role is not known (yet) sees no console page: least privilege.
  expect(labels(null)).toEqual(['Profile']);
  // Every entry an admin role sees is one its permissions allow (the same matrix the server uses).
  for (const role of ADMIN_ROLES) {
    for (const e of sidebarFor('ADMIN', role)) {
      const target = targetFor(
        routeTable.find((r) => r.path === e.path)!,
        'ADMIN',
      )!;
      expect(mayUse(target, { role: 'ADMIN', adminRole: role })).toBe(true);
    }
  }
  // Other roles' sidebars do not depend on admin roles.
  expect(sidebarFor('INVESTOR', 'SUPER_ADMIN')).toEqual(sidebarFor('INVESTOR'));
});

test('every admin console page names the permission it needs', () => {
  for (const r of routeTable) {
    const target = targetFor(r, 'ADMIN');
    if (target?.remote === 'mf_admin')
      expect({ path: r.path, permission: target.permission }).toEqual({ path: r.path, permission: expect.any(String) });
  }
});

test('the sidebar highlights by the second path segment', () => {
  expect(isSidebarEntryActive('/dashboard/listings', '/dashboard/listings/create')).toBe(true);
  expect(isSidebarEntryActive('/dashboard/listings', '/dashboard/active_listings')).toBe(false);
  expect(isSidebarEntryActive('/dashboard', '/dashboard')).toBe(true);
  expect(isSidebarEntryActive('/dashboard', '/dashboard/wallet')).toBe(false);
});

test('requiredModules lists each remote module once', () => {
  const req = requiredModules();
  expect([...req.keys()].sort()).toEqual(['mf_admin', 'mf_investor', 'mf_onboarding', 'mf_owner', 'mf_public']);
  expect(req.get('mf_investor')).toEqual(
    new Set(['Overview', 'Investments', 'Orders', 'MarketOrders', 'Wallet', 'Support', 'SupportThread']),
  );
});
