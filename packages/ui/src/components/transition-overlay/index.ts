export {
  TransitionOverlay,
  useTransitionOverlay,
  type TransitionOverlayProps,
  type UseTransitionOverlay,
} from './transition-overlay.tsx';
export {
  TRANSITION_OVERLAY_DURATION,
  createTransitionController,
  type TransitionController,
  type TransitionControllerOptions,
  type TransitionState,
} from './transition-controller.ts';
