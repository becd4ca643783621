// `@verdant/ui/sortable-list`: drag-and-drop reordering lives in its own entry, so that importing the
// rest of the kit never pulls in the drag-and-drop library.
export * from './components/sortable-list/index.ts';
