import { describe, expect, it } from 'vitest';
import { NAV_SECTIONS, isActive, roleHome, safeNext, visibleSections } from './navigation.ts';

describe('navigation', () => {
  it('shows each role only its entries and guests the sign-in ones', () => {
    const labels = (role: Parameters<typeof visibleSections>[1]) =>
      visibleSections(NAV_SECTIONS, role).flatMap((section) => section.items.map((i) => i.label));
    expect(labels('guest')).toContain('Log in');
    expect(labels('guest')).not.toContain('Dashboard');
    expect(labels('affiliate')).toContain('Dashboard');
    expect(labels('affiliate')).not.toContain('Log in');
    expect(labels('merchant')).not.toContain('Links');
    expect(labels('merchant')).toContain('Profile');
    expect(labels('merchant')).toContain('Orders');
    expect(labels('affiliate')).not.toContain('Orders');
    expect(labels('affiliate')).toContain('Earnings');
    expect(labels('merchant')).not.toContain('Earnings');
    expect(labels('admin')).toContain('Overview');
    expect(labels('merchant')).not.toContain('Overview');
  });

  it('gives administrators an Overview entry for /admin, current there and only there', () => {
    const administration = visibleSections(NAV_SECTIONS, 'admin').find(
      (section) => section.title === 'Administration',
    );
    expect(administration?.items[0]).toMatchObject({ to: '/admin', label: 'Overview' });
    const current = (pathname: string) =>
      administration?.items.filter((item) => isActive(item.to, pathname)).map((i) => i.label);
    expect(current('/admin')).toEqual(['Overview']);
    expect(current('/admin/users')).toEqual(['Users']);
    expect(current('/admin/payouts')).toEqual(['Payouts']);
  });

  it('marks a section page active for its entry, and home only on /', () => {
    expect(isActive('/', '/')).toBe(true);
    expect(isActive('/', '/shop')).toBe(false);
    expect(isActive('/shop', '/shop/bamboo-brush')).toBe(true);
    expect(isActive('/shop', '/shopping')).toBe(false);
  });

  it('sends each role to its own landing page', () => {
    expect(roleHome('affiliate')).toBe('/dashboard');
    expect(roleHome('merchant')).toBe('/dashboard-vendor');
    expect(roleHome('admin')).toBe('/admin');
    expect(roleHome('demo')).toBe('/demo-dashboard');
  });

  it('accepts only same-site paths after login (no open redirect)', () => {
    expect(safeNext('/profile?tab=security')).toBe('/profile?tab=security');
    expect(safeNext('//evil.example')).toBeNull();
    expect(safeNext('/\\evil.example')).toBeNull();
    expect(safeNext('https://evil.example')).toBeNull();
    expect(safeNext(null)).toBeNull();
  });
});
