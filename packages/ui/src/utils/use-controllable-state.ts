// The kit's one controlled/uncontrolled state hook: Radix's own, so the kit's components behave like
// the Radix parts they sit next to (a `value` prop wins; without it the component keeps its state
// from `defaultValue`; `onChange` hears every change either way).
export { useControllableState } from '@radix-ui/react-use-controllable-state';
