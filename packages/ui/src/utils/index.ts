export { cn } from './cn.ts';
export { composeRefs } from './compose-refs.ts';
export { useControllableState } from './use-controllable-state.ts';
export { lazyWithPreload, type LazyWithPreload } from './lazy-with-preload.tsx';
