import { Box, Flex, Text } from '@radix-ui/themes';
import { useAuth, useAuthSelector } from '@verdant/auth/react';
import { AppShell, Button, Spinner } from '@verdant/ui';
import { lazy, Suspense, useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation, useParams } from 'react-router';
import { FOOTER_GROUPS, NAV_SECTIONS, isActive, visibleSections } from './navigation.ts';
import { firstPageRendered } from '../lib/backend.ts';
import { useCartCount } from '../lib/cart-count.ts';
import { useSidebarCollapsed } from '../lib/sidebar.ts';

function Brand() {
  return (
    <Link to="/" className="vd-platform-brand" aria-label="Verdant home">
      <Text
        weight="bold"
        size="4"
        style={{
          backgroundImage: 'var(--vd-gradient)',
          backgroundClip: 'text',
          WebkitBackgroundClip: 'text',
          color: 'transparent',
        }}
      >
        Verdant
      </Text>
    </Link>
  );
}

/** While a page's code loads on the first visit (later navigations keep the current page). */
function PageLoading() {
  return (
    <Box py="9">
      <Spinner centered size="lg" label="Loading the page" />
    </Box>
  );
}

/**
 * Rendered beside the page inside its boundary, so it commits when the first page does: work the
 * first paint does not need (the session engine for a visitor without a session, telemetry) waits
 * for it.
 */
function FirstPageMarker() {
  useEffect(() => firstPageRendered(), []);
  return null;
}

/** The page of the current route, with the spinner its first load shows. */
function PageOutlet() {
  return (
    <Suspense fallback={<PageLoading />}>
      <FirstPageMarker />
      <Outlet />
    </Suspense>
  );
}

/**
 * The site footer: the company, help and legal pages, under the page. The page above it fills at
 * least the window, so the footer never shows beside a page that is still loading and is never
 * pushed down when it arrives.
 */
function SiteFooter() {
  return (
    <footer className="vd-platform-footer">
      <nav aria-label="Site">
        <div className="vd-platform-footer__groups">
          {FOOTER_GROUPS.map((group) => (
            <div key={group.title}>
              <Text as="p" size="2" weight="bold" id={`footer-${group.title}`} mb="2">
                {group.title}
              </Text>
              <ul aria-labelledby={`footer-${group.title}`}>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </nav>
      <Text as="p" size="1" color="gray" mt="5">
        © {new Date().getFullYear()} Verdant · Sustainable Affiliate Marketing
      </Text>
    </footer>
  );
}

const SignedInAccountMenu = lazy(() => import('./account-menu.tsx'));
const NavIcon = lazy(() => import('./nav-icons.tsx'));

function AccountMenu() {
  const { user, isAuthenticated, isInitialized, mfaRequired } = useAuth();
  // Until the session engine has loaded and restored the session nobody knows which of the two
  // belongs here: a box of the avatar's size holds the place (the top bar's height is fixed).
  if (!isInitialized) {
    return <span className="vd-platform-account-pending" aria-hidden="true" />;
  }
  // A session waiting for its second factor is not signed in (the login page asks for the code).
  if (!isAuthenticated || !user || mfaRequired) {
    return (
      <Flex gap="2">
        <Button asChild variant="ghost" size="sm">
          <Link to="/login">Log in</Link>
        </Button>
        <Button asChild size="sm">
          <Link to="/signup">Sign up</Link>
        </Button>
      </Flex>
    );
  }
  // The avatar's own footprint while the menu module loads: nothing moves when it arrives.
  return (
    <Suspense fallback={<span className="vd-platform-account-placeholder" aria-hidden="true" />}>
      <SignedInAccountMenu />
    </Suspense>
  );
}

/**
 * The cart, from every page once something is in it (it is kept in this browser, so the count is
 * known at once, without the API); an empty cart has nothing to go to.
 */
function CartLink() {
  const count = useCartCount();
  if (count === 0) return null;
  return (
    <Button asChild variant="secondary" size="sm">
      <Link to="/cart">{`Cart (${count})`}</Link>
    </Button>
  );
}

/** The top bar's right-hand corner: the cart, then the account. */
function TopBarEnd() {
  return (
    <Flex ml="auto" gap="3" align="center">
      <CartLink />
      <AccountMenu />
    </Flex>
  );
}

/** The signed-in and public shell: top bar, sidebar navigation per role, the page. */
export function AppLayout() {
  // The role alone: the shell does not render again when the session engine finishes loading or
  // refreshes a token, only the account corner does.
  // A session waiting for its second factor is not signed in: the visitor's navigation.
  const role = useAuthSelector((snapshot) =>
    snapshot.isAuthenticated && !snapshot.mfaRequired ? (snapshot.user?.role ?? 'guest') : 'guest',
  );
  const { pathname } = useLocation();
  const sections = visibleSections(NAV_SECTIONS, role);
  // The desktop sidebar stays as the reader left it.
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  return (
    <AppShell.Root collapsed={collapsed} onCollapsedChange={setCollapsed}>
      <AppShell.TopBar>
        <AppShell.MenuButton />
        <AppShell.SidebarToggle />
        <Brand />
        <TopBarEnd />
      </AppShell.TopBar>
      <AppShell.Sidebar label="Main">
        {sections.map((section) => (
          <AppShell.NavSection key={section.title ?? 'main'} title={section.title}>
            {section.items.map((item) => (
              <AppShell.NavItem
                key={item.to}
                asChild
                active={isActive(item.to, pathname)}
                icon={
                  <Suspense fallback={null}>
                    <NavIcon name={item.icon} />
                  </Suspense>
                }
              >
                <NavLink to={item.to} end={item.to === '/' || item.exact === true}>
                  {item.label}
                </NavLink>
              </AppShell.NavItem>
            ))}
          </AppShell.NavSection>
        ))}
      </AppShell.Sidebar>
      <AppShell.Main>
        <div className="vd-platform-page">
          <PageOutlet />
        </div>
        <SiteFooter />
      </AppShell.Main>
    </AppShell.Root>
  );
}

/**
 * A creator's public pages (the link-in-bio page, a storefront): the creator's page is the whole
 * screen, under a slim top bar with the brand and the account corner, without the app's sidebar
 * navigation competing with it.
 */
export function CreatorPageLayout() {
  // `/:handle` also catches mistyped single-segment addresses: those are no creator's page, and
  // their not-found page keeps the app's navigation.
  const { handle } = useParams();
  if (handle !== undefined && !handle.startsWith('@')) return <AppLayout />;
  return (
    <AppShell.Root>
      <AppShell.TopBar>
        <Brand />
        <TopBarEnd />
      </AppShell.TopBar>
      <AppShell.Main>
        <PageOutlet />
      </AppShell.Main>
    </AppShell.Root>
  );
}

/** Printable pages (course certificates): no app chrome at all. */
export function BareLayout() {
  return (
    <Box asChild minHeight="100vh">
      <main id="main">
        <PageOutlet />
      </main>
    </Box>
  );
}
