export { cn } from './cn';
export { composeRefs } from './compose-refs';
