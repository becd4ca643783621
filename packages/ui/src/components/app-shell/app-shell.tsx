import * as React from 'react';
import { IconButton } from '@radix-ui/themes';
import { DoubleArrowLeftIcon, HamburgerMenuIcon } from '@radix-ui/react-icons';
import { Slot } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn, composeRefs } from '../../utils/index.ts';
import { Logomark } from '../logomark/logomark.tsx';
import { InDrawerContext } from './in-drawer-context.ts';

// The drawer loads the first time it opens (see its module).
const AppShellDrawer = React.lazy(() => import('./app-shell-drawer.tsx'));

/** Width from which the sidebar sits beside the content; below it, navigation opens as a drawer. */
export const APP_SHELL_DESKTOP_QUERY = '(min-width: 768px)';

export const appShellVariants = cva('vd-app-shell', {
  variants: {
    /** `sticky` keeps the top bar and sidebar in view while the main content scrolls. */
    position: { sticky: 'vd-app-shell--sticky', static: '' },
  },
  defaultVariants: { position: 'sticky' },
});

interface AppShellContextValue {
  collapsed: boolean;
  setCollapsed: (collapsed: boolean) => void;
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
  sidebarId: string;
  mainId: string;
  /** The menu button, where focus returns when the drawer closes. */
  menuButtonRef: React.RefObject<HTMLButtonElement | null>;
  /** Set when a link in the drawer closed it: the focus then goes to the page, not the menu. */
  drawerNavigatedRef: React.RefObject<boolean>;
}

const AppShellContext = React.createContext<AppShellContextValue | null>(null);

function useAppShell(part: string): AppShellContextValue {
  const context = React.useContext(AppShellContext);
  if (!context) throw new Error(`AppShell.${part} must be used inside AppShell.Root.`);
  return context;
}

export interface AppShellRootProps
  extends React.ComponentPropsWithoutRef<'div'>, VariantProps<typeof appShellVariants> {
  /** Controlled collapsed state of the desktop sidebar. */
  collapsed?: boolean;
  defaultCollapsed?: boolean;
  onCollapsedChange?: (collapsed: boolean) => void;
  /** Text of the skip link, the first focusable element of the page. */
  skipLinkLabel?: string;
}

const AppShellRoot = React.forwardRef<HTMLDivElement, AppShellRootProps>(function AppShellRoot(
  {
    collapsed: collapsedProp,
    defaultCollapsed = false,
    onCollapsedChange,
    skipLinkLabel = 'Skip to main content',
    position,
    className,
    children,
    ...rest
  },
  ref,
) {
  const [ownCollapsed, setOwnCollapsed] = React.useState(defaultCollapsed);
  const collapsed = collapsedProp ?? ownCollapsed;
  const [drawerOpen, setDrawerOpen] = React.useState(false);
  const menuButtonRef = React.useRef<HTMLButtonElement>(null);
  const drawerNavigatedRef = React.useRef(false);
  const id = React.useId();
  const sidebarId = `${id}-sidebar`;
  const mainId = `${id}-main`;

  const setCollapsed = React.useCallback(
    (next: boolean) => {
      if (collapsedProp === undefined) setOwnCollapsed(next);
      onCollapsedChange?.(next);
    },
    [collapsedProp, onCollapsedChange],
  );

  // The drawer belongs to narrow screens: close it when the window grows past the breakpoint.
  React.useEffect(() => {
    if (!drawerOpen || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(APP_SHELL_DESKTOP_QUERY);
    const close = () => query.matches && setDrawerOpen(false);
    close();
    query.addEventListener('change', close);
    return () => query.removeEventListener('change', close);
  }, [drawerOpen]);

  const value = React.useMemo(
    () => ({
      collapsed,
      setCollapsed,
      drawerOpen,
      setDrawerOpen,
      sidebarId,
      mainId,
      menuButtonRef,
      drawerNavigatedRef,
    }),
    [collapsed, setCollapsed, drawerOpen, sidebarId, mainId],
  );

  return (
    <AppShellContext.Provider value={value}>
      <div
        ref={ref}
        data-slot="app-shell"
        data-collapsed={collapsed ? '' : undefined}
        className={appShellVariants({ position, className })}
        {...rest}
      >
        <a
          href={`#${mainId}`}
          className="vd-app-shell__skip-link"
          data-slot="app-shell-skip-link"
          onClick={(event) => {
            const main = event.currentTarget.ownerDocument.getElementById(mainId);
            if (!main) return;
            event.preventDefault();
            main.focus();
            main.scrollIntoView({ block: 'start' });
          }}
        >
          {skipLinkLabel}
        </a>
        {children}
      </div>
    </AppShellContext.Provider>
  );
});

export type AppShellTopBarProps = React.ComponentPropsWithoutRef<'header'>;

/** The banner across the top: brand, menu button, search, account menu. */
const AppShellTopBar = React.forwardRef<HTMLElement, AppShellTopBarProps>(function AppShellTopBar(
  { className, ...rest },
  ref,
) {
  return (
    <header
      ref={ref}
      data-slot="app-shell-top-bar"
      className={cn('vd-app-shell__top-bar', className)}
      {...rest}
    />
  );
});

export interface AppShellBrandProps extends React.ComponentPropsWithoutRef<'span'> {
  /** The wordmark next to the logomark. */
  name?: string;
}

/** The brand for the top bar: the Verdant logomark and the wordmark. */
const AppShellBrand = React.forwardRef<HTMLSpanElement, AppShellBrandProps>(function AppShellBrand(
  { name = 'Verdant', className, ...rest },
  ref,
) {
  return (
    <span
      ref={ref}
      data-slot="app-shell-brand"
      className={cn('vd-app-shell__brand', className)}
      {...rest}
    >
      <Logomark size={24} />
      {name}
    </span>
  );
});

export interface AppShellSidebarProps extends React.ComponentPropsWithoutRef<'aside'> {
  /** Accessible name of the navigation landmark. */
  label?: string;
  /** Content under the navigation, e.g. an upgrade card or the signed-in user. */
  footer?: React.ReactNode;
}

/**
 * The navigation: a sidebar beside the content on wide screens (collapsible to icons), and the
 * same items in a drawer on narrow screens, opened by `AppShell.MenuButton`.
 */
const AppShellSidebar = React.forwardRef<HTMLElement, AppShellSidebarProps>(
  function AppShellSidebar({ label = 'Main', footer, className, children, ...rest }, ref) {
    const {
      collapsed,
      drawerOpen,
      setDrawerOpen,
      sidebarId,
      mainId,
      menuButtonRef,
      drawerNavigatedRef,
    } = useAppShell('Sidebar');
    // Mounted from the first opening on, so the drawer can animate its closing.
    const [drawerUsed, setDrawerUsed] = React.useState(drawerOpen);
    if (drawerOpen && !drawerUsed) setDrawerUsed(true);
    return (
      <>
        <aside
          ref={ref}
          id={sidebarId}
          data-slot="app-shell-sidebar"
          data-collapsed={collapsed ? '' : undefined}
          className={cn('vd-app-shell__sidebar', className)}
          {...rest}
        >
          <nav aria-label={label} className="vd-app-shell__nav">
            {children}
          </nav>
          {footer ? <div className="vd-app-shell__sidebar-footer">{footer}</div> : null}
        </aside>
        {drawerUsed ? (
          <React.Suspense fallback={null}>
            <AppShellDrawer
              open={drawerOpen}
              onOpenChange={setDrawerOpen}
              label={label}
              footer={footer}
              // After a link in it was followed, to the page that link opened (the main landmark,
              // where the new page draws); otherwise back to the menu button.
              returnFocus={() => {
                if (!drawerNavigatedRef.current) return menuButtonRef.current;
                drawerNavigatedRef.current = false;
                return document.getElementById(mainId);
              }}
            >
              {children}
            </AppShellDrawer>
          </React.Suspense>
        ) : null}
      </>
    );
  },
);

export type AppShellSidebarToggleProps = Omit<
  React.ComponentPropsWithoutRef<typeof IconButton>,
  'children'
>;

/** Collapses or expands the sidebar on wide screens (hidden on narrow ones). */
const AppShellSidebarToggle = React.forwardRef<HTMLButtonElement, AppShellSidebarToggleProps>(
  function AppShellSidebarToggle({ className, onClick, ...rest }, ref) {
    const { collapsed, setCollapsed, sidebarId } = useAppShell('SidebarToggle');
    return (
      <IconButton
        ref={ref}
        variant="ghost"
        color="gray"
        aria-label={collapsed ? 'Expand navigation' : 'Collapse navigation'}
        aria-expanded={!collapsed}
        aria-controls={sidebarId}
        data-slot="app-shell-sidebar-toggle"
        className={cn('vd-app-shell__sidebar-toggle', className)}
        onClick={(event) => {
          onClick?.(event);
          if (!event.defaultPrevented) setCollapsed(!collapsed);
        }}
        {...rest}
      >
        {/* One icon: mirrored (pointing right, "expand") while the sidebar is collapsed. */}
        <DoubleArrowLeftIcon
          aria-hidden
          style={collapsed ? { transform: 'scaleX(-1)' } : undefined}
        />
      </IconButton>
    );
  },
);

export type AppShellMenuButtonProps = Omit<
  React.ComponentPropsWithoutRef<typeof IconButton>,
  'children'
>;

/** Opens the navigation drawer on narrow screens (hidden on wide ones). */
const AppShellMenuButton = React.forwardRef<HTMLButtonElement, AppShellMenuButtonProps>(
  function AppShellMenuButton({ className, onClick, ...rest }, ref) {
    const { drawerOpen, setDrawerOpen, menuButtonRef } = useAppShell('MenuButton');
    return (
      <IconButton
        ref={composeRefs(ref, menuButtonRef)}
        variant="ghost"
        color="gray"
        aria-label="Open navigation"
        aria-haspopup="dialog"
        aria-expanded={drawerOpen}
        data-slot="app-shell-menu-button"
        className={cn('vd-app-shell__menu-button', className)}
        onClick={(event) => {
          onClick?.(event);
          if (!event.defaultPrevented) setDrawerOpen(true);
        }}
        {...rest}
      >
        <HamburgerMenuIcon aria-hidden />
      </IconButton>
    );
  },
);

export interface AppShellNavSectionProps extends React.ComponentPropsWithoutRef<'div'> {
  /** Optional heading for a group of items (hidden while the sidebar is collapsed). */
  title?: string;
}

/** A list of navigation items, optionally under a heading. */
const AppShellNavSection = React.forwardRef<HTMLDivElement, AppShellNavSectionProps>(
  function AppShellNavSection({ title, className, children, ...rest }, ref) {
    const headingId = React.useId();
    return (
      <div
        ref={ref}
        data-slot="app-shell-nav-section"
        className={cn('vd-app-shell__nav-section', className)}
        {...rest}
      >
        {title ? (
          <p id={headingId} className="vd-app-shell__nav-section-title">
            {title}
          </p>
        ) : null}
        <ul className="vd-app-shell__nav-list" aria-labelledby={title ? headingId : undefined}>
          {children}
        </ul>
      </div>
    );
  },
);

export interface AppShellNavItemProps extends React.ComponentPropsWithoutRef<'a'> {
  /** Render the child element (a router link) instead of an `<a>`, merging props onto it. */
  asChild?: boolean;
  /** Decorative icon, the only thing shown while the sidebar is collapsed. */
  icon?: React.ReactNode;
  /** Marks the current page (`aria-current="page"`). */
  active?: boolean;
}

/**
 * One navigation entry. Link-agnostic: wrap your router's link with `asChild`, e.g.
 * `<AppShell.NavItem asChild icon={<HomeIcon />} active><Link to="/dashboard">Dashboard</Link></AppShell.NavItem>`.
 */
const AppShellNavItem = React.forwardRef<HTMLAnchorElement, AppShellNavItemProps>(
  function AppShellNavItem(
    {
      asChild = false,
      icon,
      active = false,
      className,
      children,
      onClick,
      onFocus,
      onBlur,
      onPointerEnter,
      onPointerLeave,
      onKeyDown,
      ...rest
    },
    ref,
  ) {
    const { collapsed, setDrawerOpen, drawerNavigatedRef } = useAppShell('NavItem');
    const inDrawer = React.useContext(InDrawerContext);
    const Comp = asChild ? Slot.Root : 'a';
    const labelContent =
      asChild && React.isValidElement<{ children?: React.ReactNode }>(children)
        ? children.props.children
        : children;
    const label = useCollapsedLabel(collapsed && !inDrawer);

    return (
      <li className="vd-app-shell__nav-entry">
        <Comp
          ref={ref}
          data-slot="app-shell-nav-item"
          data-active={active ? '' : undefined}
          aria-current={active ? 'page' : undefined}
          aria-describedby={label.position ? label.id : undefined}
          className={cn('vd-app-shell__nav-item', className)}
          onClick={(event: React.MouseEvent<HTMLAnchorElement>) => {
            onClick?.(event);
            label.hide();
            if (inDrawer && !event.defaultPrevented) {
              drawerNavigatedRef.current = true;
              setDrawerOpen(false);
            }
          }}
          onFocus={(event: React.FocusEvent<HTMLAnchorElement>) => {
            onFocus?.(event);
            label.show(event.currentTarget);
          }}
          onBlur={(event: React.FocusEvent<HTMLAnchorElement>) => {
            onBlur?.(event);
            label.hide();
          }}
          onPointerEnter={(event: React.PointerEvent<HTMLAnchorElement>) => {
            onPointerEnter?.(event);
            label.showSoon(event.currentTarget);
          }}
          onPointerLeave={(event: React.PointerEvent<HTMLAnchorElement>) => {
            onPointerLeave?.(event);
            label.hide();
          }}
          onKeyDown={(event: React.KeyboardEvent<HTMLAnchorElement>) => {
            onKeyDown?.(event);
            if (event.key === 'Escape') label.hide();
          }}
          {...rest}
        >
          {icon ? (
            <span className="vd-app-shell__nav-icon" aria-hidden>
              {icon}
            </span>
          ) : null}
          {asChild ? (
            <Slot.Slottable child={children}>
              {(content: React.ReactNode) => (
                <span className="vd-app-shell__nav-label">{content}</span>
              )}
            </Slot.Slottable>
          ) : (
            <span className="vd-app-shell__nav-label">{children}</span>
          )}
        </Comp>
        {label.position ? (
          <span
            id={label.id}
            role="tooltip"
            className="vd-app-shell__nav-tip"
            style={{ top: label.position.top, left: label.position.left }}
          >
            {labelContent}
          </span>
        ) : null}
      </li>
    );
  },
);

/** How long the pointer rests on a collapsed item before its label shows (Radix Themes' delay). */
const LABEL_DELAY_MS = 200;

/**
 * The label of a collapsed sidebar item, shown beside it on focus, or when the pointer rests on
 * it, and hidden on blur, pointer leave, click, Escape or scroll. The sidebar sits at the left
 * edge, so the label always goes to the right of its item and needs no collision handling.
 */
function useCollapsedLabel(enabled: boolean) {
  const id = React.useId();
  const [position, setPosition] = React.useState<{ top: number; left: number } | null>(null);
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const hide = React.useCallback(() => {
    clearTimeout(timer.current);
    setPosition(null);
  }, []);
  const show = React.useCallback(
    (item: HTMLElement) => {
      clearTimeout(timer.current);
      if (!enabled) return;
      const box = item.getBoundingClientRect();
      setPosition({ top: box.top + box.height / 2, left: box.right + 8 });
    },
    [enabled],
  );
  const showSoon = React.useCallback(
    (item: HTMLElement) => {
      clearTimeout(timer.current);
      if (enabled) timer.current = setTimeout(() => show(item), LABEL_DELAY_MS);
    },
    [enabled, show],
  );

  React.useEffect(() => () => clearTimeout(timer.current), []);
  const shown = enabled && position !== null;
  React.useEffect(() => {
    if (!shown) return;
    window.addEventListener('scroll', hide, { capture: true, passive: true });
    return () => window.removeEventListener('scroll', hide, { capture: true });
  }, [shown, hide]);

  // Expanding the sidebar takes a shown label away with it.
  return { id, position: enabled ? position : null, show, showSoon, hide };
}

export type AppShellMainProps = React.ComponentPropsWithoutRef<'main'>;

/** The page content: the `main` landmark, and the target of the skip link. */
const AppShellMain = React.forwardRef<HTMLElement, AppShellMainProps>(function AppShellMain(
  { className, ...rest },
  ref,
) {
  const { mainId } = useAppShell('Main');
  return (
    <main
      ref={ref}
      id={mainId}
      tabIndex={-1}
      data-slot="app-shell-main"
      className={cn('vd-app-shell__main', className)}
      {...rest}
    />
  );
});

/**
 * The frame of every signed-in page: skip link, top bar, sidebar navigation (collapsible on wide
 * screens, a drawer on narrow ones) and the main landmark. Router-agnostic: navigation items take
 * `asChild`. Parts: `AppShell.Root`, `TopBar`, `MenuButton`, `SidebarToggle`, `Sidebar`,
 * `NavSection`, `NavItem`, `Main`.
 */
export const AppShell = {
  Root: AppShellRoot,
  TopBar: AppShellTopBar,
  Brand: AppShellBrand,
  MenuButton: AppShellMenuButton,
  SidebarToggle: AppShellSidebarToggle,
  Sidebar: AppShellSidebar,
  NavSection: AppShellNavSection,
  NavItem: AppShellNavItem,
  Main: AppShellMain,
};
