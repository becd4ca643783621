export { cn } from './cn';
export { composeRefs } from './compose-refs';
export { useControllableState } from './use-controllable-state';
