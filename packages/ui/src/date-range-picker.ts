// `@verdant/ui/date-range-picker`: the calendar lives in its own entry, so that importing the rest of
// the kit never pulls in the date picker library.
export * from './components/date-range-picker/index.ts';
