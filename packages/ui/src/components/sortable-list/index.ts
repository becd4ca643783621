export { moveItem, SortableList, type SortableListProps } from './sortable-list.tsx';
