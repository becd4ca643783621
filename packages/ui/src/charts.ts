// `@verdant/ui/charts`: the chart components live in their own entry so that importing the rest of
// the kit never pulls in the chart library.
export * from './components/charts/index.ts';
