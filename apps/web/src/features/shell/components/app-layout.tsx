import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AccountSummaryProvider, ProfilePrompt } from '@/features/account';
import { cn } from '@/lib/cn';
import { NextTask } from '@/lib/next-task';
import { useSidebarCollapsed } from '../hooks/use-sidebar-collapsed';
import { DESKTOP_QUERY } from '../lib/desktop-query';
import { getDocumentTitle, isFullWidthPage } from '../lib/route-matching';
import { Header } from './header';
import { PageLoader } from './page-loader';
import { RouteErrorBoundary } from './route-error-boundary';
import { ScrollToTop } from './scroll-to-top';
import { ShellFooter } from './shell-footer';
import { Sidebar, SIDEBAR_ID } from './sidebar';

/** The signed-in frame: sidebar, header and the page. */
export function AppLayout() {
  const location = useLocation();
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  // The mobile panel is open only for the location it was opened on, so any navigation
  // (link in the panel, back button) closes it without an effect.
  const [mobileOpenFor, setMobileOpenFor] = useState<string | null>(null);
  const mobileOpen = mobileOpenFor === location.key;
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // Set when the user dismisses the panel (Escape, overlay, close button), not on navigation.
  const restoreFocusRef = useRef(false);

  useDocumentTitle(getDocumentTitle(location.pathname));

  const closeMobile = useCallback(() => {
    restoreFocusRef.current = true;
    setMobileOpenFor(null);
  }, []);

  // Back to the menu button once the page is no longer inert (it cannot take focus before).
  useEffect(() => {
    if (!mobileOpen && restoreFocusRef.current) {
      restoreFocusRef.current = false;
      menuButtonRef.current?.focus();
    }
  }, [mobileOpen]);

  useEffect(() => {
    if (!mobileOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMobile();
    };
    // Growing the window past the breakpoint turns the panel into the desktop column.
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const onBreakpoint = () => {
      if (desktop.matches) setMobileOpenFor(null);
    };
    document.addEventListener('keydown', onKeyDown);
    desktop.addEventListener('change', onBreakpoint);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      desktop.removeEventListener('change', onBreakpoint);
    };
  }, [mobileOpen, closeMobile]);

  return (
    // One reader of the account queries for the whole frame (see useAccountSummaryQueries).
    <AccountSummaryProvider>
      <a
        href="#main-content"
        className="sr-only rounded-md bg-surface px-4 py-2 font-medium shadow-popover focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60]"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <div className="flex min-h-dvh">
        <Sidebar
          collapsed={collapsed}
          onToggleCollapsed={toggleCollapsed}
          mobileOpen={mobileOpen}
          onCloseMobile={closeMobile}
        />
        {mobileOpen ? (
          <div
            data-testid="sidebar-overlay"
            aria-hidden="true"
            className="fixed inset-0 z-30 animate-fade-in bg-black/50 md:hidden"
            onClick={closeMobile}
          />
        ) : null}
        {/* While the mobile panel is open, the page behind it is out of reach (focus stays in the panel). */}
        <div className="flex min-w-0 flex-1 flex-col" inert={mobileOpen}>
          <Header
            onOpenMobileNav={() => {
              setMobileOpenFor(location.key);
            }}
            mobileNavOpen={mobileOpen}
            menuButtonRef={menuButtonRef}
            sidebarId={SIDEBAR_ID}
          />
          <main
            id="main-content"
            tabIndex={-1}
            className={cn(
              'w-full flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8',
              !isFullWidthPage(location.pathname) && 'mx-auto max-w-6xl',
            )}
          >
            <RouteErrorBoundary resetKey={location.pathname}>
              {/* At start-up the page renders a task after the frame around it, and the footer a
                  task after the page, so neither waits in the other's render (ADR 066); later
                  pages render at once, as this stays mounted. */}
              <NextTask>
                {/* One boundary per page: Preact's compat Suspense keeps the page it hid while
                    the next page's chunk loaded and can put it back empty later (ADR 065). */}
                <Suspense key={location.pathname} fallback={<PageLoader />}>
                  <Outlet />
                </Suspense>
              </NextTask>
            </RouteErrorBoundary>
          </main>
          <NextTask>
            <ShellFooter />
          </NextTask>
        </div>
      </div>
      {/* A dialog that may come a task later: its storage reads (3–4 ms on the bench, ×4 on its
          phone) stay out of the shell's render (ADR 066). */}
      <NextTask>
        <ProfilePrompt />
      </NextTask>
    </AccountSummaryProvider>
  );
}
