import * as React from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { DragHandleDots2Icon } from '@radix-ui/react-icons';

export interface SortableListProps<T> extends Omit<
  React.ComponentPropsWithoutRef<'ul'>,
  'children'
> {
  items: readonly T[];
  /** A stable id per item. */
  getId: (item: T) => string;
  /** The item's name in the handle's label and in screen-reader announcements. */
  getLabel: (item: T) => string;
  /** The item's content; the drag handle is drawn by the list. */
  renderItem: (item: T, index: number) => React.ReactNode;
  /** Called with the new order after a drag (pointer or keyboard) ends in a new place. */
  onReorder: (items: T[], move: { from: number; to: number }) => void;
  /** Names the list, e.g. "Links on your page". */
  'aria-label': string;
  disabled?: boolean;
}

/** Moves an item in a list; exported for callers that reorder by other means (e.g. buttons). */
export { arrayMove as moveItem };

function SortableRow({
  id,
  label,
  disabled,
  children,
}: {
  id: string;
  label: string;
  disabled: boolean;
  children: React.ReactNode;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id, disabled });
  return (
    <li
      ref={setNodeRef}
      className="vd-sortable-list__item"
      data-dragging={isDragging ? '' : undefined}
      data-slot="sortable-list-item"
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="vd-sortable-list__handle"
        aria-label={`Reorder ${label}`}
        disabled={disabled}
        {...attributes}
        {...listeners}
      >
        <DragHandleDots2Icon aria-hidden />
      </button>
      <div className="vd-sortable-list__content">{children}</div>
    </li>
  );
}

/**
 * A list the user reorders by dragging the handle, or from the keyboard: focus a handle, Space to
 * pick the item up, arrow keys to move it, Space to drop, Escape to cancel. Moves are announced.
 */
export function SortableList<T>({
  items,
  getId,
  getLabel,
  renderItem,
  onReorder,
  disabled = false,
  className,
  ...rest
}: SortableListProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(getId);
  const labelOf = (id: UniqueIdentifier) => {
    const index = ids.indexOf(String(id));
    return index === -1 ? String(id) : getLabel(items[index]!);
  };
  const position = (id: UniqueIdentifier | undefined) =>
    id === undefined ? 0 : ids.indexOf(String(id)) + 1;

  // dnd-kit finds the picked-up item over its own place at once and reports that as a move, which
  // would replace "Picked up" before it is read: nothing is said until the item has left its place
  // (an announcement of undefined says nothing). Back over its own place later, that is a move.
  const hasMoved = React.useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      hasMoved.current = false;
      return `Picked up ${labelOf(active.id)}, position ${position(active.id)} of ${ids.length}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over) return `${labelOf(active.id)} is no longer over the list.`;
      if (!hasMoved.current && over.id === active.id) return undefined;
      hasMoved.current = true;
      return `${labelOf(active.id)} moved to position ${position(over.id)} of ${ids.length}.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${labelOf(active.id)} dropped at position ${position(over.id)} of ${ids.length}.`
        : `${labelOf(active.id)} dropped.`,
    onDragCancel: ({ active }) =>
      `Reordering cancelled. ${labelOf(active.id)} is back at position ${position(active.id)} of ${ids.length}.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from === -1 || to === -1) return;
    onReorder(arrayMove([...items], from, to), { from, to });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To reorder, press Space to pick the item up, use the arrow keys to move it, press Space again to drop it, or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ul
          data-slot="sortable-list"
          className={['vd-sortable-list', className].filter(Boolean).join(' ')}
          {...rest}
        >
          {items.map((item, index) => (
            <SortableRow
              key={ids[index]}
              id={ids[index]!}
              label={getLabel(item)}
              disabled={disabled}
            >
              {renderItem(item, index)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
