// `@verdant/ui/command-palette`: the ⌘K palette lives in its own entry, so that importing the rest of
// the kit never pulls in the command menu library.
export * from './components/command-palette/index.ts';
