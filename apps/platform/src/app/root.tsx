import { useSessionExpiry } from '@verdant/auth/react';
import { TransitionOverlay, useTransitionOverlay } from '@verdant/ui';
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Outlet, useLocation } from 'react-router';
import { trackEngagement } from '../lib/backend.ts';
import { leaveRequests } from '../lib/leave-guard.ts';
import { trackDemoView } from './telemetry.ts';

/**
 * Spec §2: every route change scrolls to the top. Spec §1: the transition overlay on navigation;
 * its live region tells screen readers which page opened: the document title once it is the new
 * page's (a page that loads its data first sets it a moment later; until then "Loading page").
 * A link in the old page's content went away with it: once the new page is there, the focus that
 * fell to the document moves to the main landmark, so Tab goes on from the top of the new page.
 * Focus that is still somewhere (a sidebar link, a field the page focused) stays where it is.
 */
function NavigationEffects() {
  const { pathname } = useLocation();
  const { start, visible } = useTransitionOverlay();
  const first = useRef(true);
  // A navigation (not the first page) whose page has not settled yet.
  const navigating = useRef(false);
  const [pageTitle, setPageTitle] = useState('');
  // The title of the page that was showing before this navigation.
  const settledTitle = useRef('');
  useEffect(() => {
    window.scrollTo(0, 0);
    trackDemoView(trackEngagement, { window, document });
    if (first.current) {
      first.current = false;
      settledTitle.current = document.title;
      return;
    }
    setPageTitle(document.title === settledTitle.current ? '' : document.title);
    navigating.current = true;
    start();
  }, [pathname, start]);
  useEffect(() => {
    if (!visible) {
      settledTitle.current = document.title;
      const focused = document.activeElement;
      if (navigating.current && (!focused || focused === document.body))
        document.querySelector<HTMLElement>('main[tabindex]')?.focus({ preventScroll: true });
      navigating.current = false;
      return;
    }
    const titles = new MutationObserver(() => {
      if (document.title !== settledTitle.current) setPageTitle(document.title);
    });
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

// Loaded the first time a page with unsaved changes asks before it is left.
const LeaveDialog = lazy(() =>
  import('./leave-dialog.tsx').then((m) => ({ default: m.LeaveDialog })),
);

/** The question of `useConfirmLeave`, while one is asked. */
function LeaveQuestion() {
  const request = useSyncExternalStore(leaveRequests.subscribe, leaveRequests.current, () => null);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <LeaveDialog message={request.message} />
    </Suspense>
  );
}

/** The root route: overlays around every page. */
export function Root() {
  return (
    <>
      <NavigationEffects />
      <SessionWarning />
      <LeaveQuestion />
      <Outlet />
    </>
  );
}
