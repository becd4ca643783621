import { useSessionExpiry } from '@verdant/auth/react';
import { TransitionOverlay, useTransitionOverlay } from '@verdant/ui';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { trackEngagement } from '../lib/backend.ts';
import { trackDemoView } from './telemetry.ts';

/**
 * Spec §2: every route change scrolls to the top. Spec §1: the transition overlay on navigation;
 * its live region tells screen readers which page opened (the document title, which a page that
 * loads its data first sets a moment later, so later changes are read too while it shows).
 */
function NavigationEffects() {
  const { pathname } = useLocation();
  const overlay = useTransitionOverlay();
  const first = useRef(true);
  const { start, visible } = overlay;
  const [pageTitle, setPageTitle] = useState('');
  useEffect(() => {
    window.scrollTo(0, 0);
    trackDemoView(trackEngagement, { window, document });
    if (first.current) {
      first.current = false;
      return;
    }
    start();
  }, [pathname, start]);
  useEffect(() => {
    if (!visible) return;
    const read = () => setPageTitle(document.title);
    read();
    const titles = new MutationObserver(read);
    titles.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => titles.disconnect();
  }, [visible]);
  return (
    <TransitionOverlay
      open={visible}
      announcement={pageTitle ? `Opened ${pageTitle}` : undefined}
    />
  );
}

// The dialog's code loads the first time the warning is due, not with the first page.
const SessionExpiringModal = lazy(() =>
  import('./session-expiring-modal.ts').then((m) => ({ default: m.SessionExpiringModal })),
);

/** Spec §2's session warning, wired to the auth engine. */
function SessionWarning() {
  const expiry = useSessionExpiry();
  if (!expiry.open) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiringModal
        open
        remainingMs={expiry.remainingMs}
        onStaySignedIn={expiry.staySignedIn}
        onSignOut={() => void expiry.signOut()}
      />
    </Suspense>
  );
}

/** The root route: overlays around every page. */
export function Root() {
  return (
    <>
      <NavigationEffects />
      <SessionWarning />
      <Outlet />
    </>
  );
}
