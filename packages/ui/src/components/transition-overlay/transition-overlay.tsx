import { Theme } from '@radix-ui/themes';
import { Portal, VisuallyHidden } from 'radix-ui';
import {
  forwardRef,
  useEffect,
  useState,
  useSyncExternalStore,
  type ComponentPropsWithoutRef,
} from 'react';
import { cn } from '../../utils/index.ts';
import { Logomark } from '../logomark/logomark.tsx';
import {
  createTransitionController,
  type TransitionController,
  type TransitionState,
} from './transition-controller.ts';

export interface TransitionOverlayProps extends ComponentPropsWithoutRef<'div'> {
  /** Whether the overlay shows; bind it to `useTransitionOverlay().visible`. */
  open: boolean;
  title?: string;
  subtitle?: string;
  /** What screen readers hear while it shows. */
  announcement?: string;
  /** Where to portal; defaults to document.body. */
  container?: HTMLElement | null;
}

/**
 * The full-screen navigation overlay (spec §1): green-to-blue gradient over a blurred backdrop, a
 * pulsing circle holding the logomark, the brand title and subtitle, three bouncing dots. Motion stops under
 * prefers-reduced-motion; a polite live region announces it. Portalled and re-themed, so it stays dark.
 */
export const TransitionOverlay = forwardRef<HTMLDivElement, TransitionOverlayProps>(
  function TransitionOverlay(
    {
      open,
      title = 'Verdant',
      subtitle = 'Sustainable Affiliate Marketing',
      announcement = 'Loading page',
      container,
      className,
      ...props
    },
    ref,
  ) {
    return (
      <Portal.Root container={container} asChild>
        <Theme asChild>
          <div data-slot="transition-overlay-root" className="vd-transition-root">
            {/* Always mounted, so the announcement is heard when its text appears. */}
            <VisuallyHidden.Root role="status" aria-live="polite">
              {open ? announcement : ''}
            </VisuallyHidden.Root>
            {open ? (
              <div
                ref={ref}
                data-slot="transition-overlay"
                data-state="open"
                aria-hidden
                className={cn('vd-transition-overlay', className)}
                {...props}
              >
                <div className="vd-transition-overlay__content">
                  <div className="vd-transition-overlay__circle">
                    <Logomark size={40} className="vd-transition-overlay__mark" />
                  </div>
                  <p className="vd-transition-overlay__title">{title}</p>
                  <p className="vd-transition-overlay__subtitle">{subtitle}</p>
                  <div className="vd-transition-overlay__dots">
                    <span />
                    <span />
                    <span />
                  </div>
                </div>
              </div>
            ) : null}
          </div>
        </Theme>
      </Portal.Root>
    );
  },
);

export interface UseTransitionOverlay {
  state: TransitionState;
  visible: boolean;
  /** Call on navigation; the overlay hides itself 1000 ms later. */
  start: () => void;
  reset: () => void;
  controller: TransitionController;
}

/**
 * Binds a transition controller to a component: pass `visible` to `TransitionOverlay` and call
 * `start()` on every navigation (e.g. in an effect on the router location). Pass a shared controller
 * to drive the overlay from outside React; otherwise the hook owns one.
 */
export function useTransitionOverlay(shared?: TransitionController): UseTransitionOverlay {
  const [own] = useState(createTransitionController);
  const controller = shared ?? own;
  const state = useSyncExternalStore(
    controller.subscribe,
    controller.getState,
    controller.getState,
  );
  useEffect(() => () => controller.reset(), [controller]);
  return {
    state,
    visible: state === 'started',
    start: controller.start,
    reset: controller.reset,
    controller,
  };
}
