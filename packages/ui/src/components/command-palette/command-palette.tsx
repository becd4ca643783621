import * as React from 'react';
import { Dialog } from '@radix-ui/themes';
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Command, useCommandState } from 'cmdk';
import { useControllableState } from '../../utils/use-controllable-state.ts';

export interface CommandPaletteItem {
  id: string;
  label: string;
  /** Decorative icon before the label. */
  icon?: React.ReactNode;
  /** Extra words the search matches, e.g. ["links", "urls"]. */
  keywords?: readonly string[];
  /** A shortcut shown on the right, e.g. ["G", "L"]. Display only. */
  shortcut?: readonly string[];
  /** What the item does (navigate, open a dialog…). The palette closes afterwards. */
  onSelect: () => void;
  disabled?: boolean;
}

export interface CommandPaletteGroup {
  heading: string;
  items: readonly CommandPaletteItem[];
}

export interface CommandPaletteProps {
  groups: readonly CommandPaletteGroup[];
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Opens and closes the palette with ⌘K / Ctrl+K anywhere on the page. Defaults to true. */
  hotkey?: boolean;
  placeholder?: string;
  /** Shown when nothing matches. */
  emptyText?: React.ReactNode;
  /** The dialog's accessible title; defaults to "Command palette". */
  title?: string;
}

/** Whether a key event is the palette's shortcut: ⌘K on Apple platforms, Ctrl+K elsewhere. */
export function isCommandPaletteHotkey(
  event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'altKey' | 'shiftKey'>,
): boolean {
  return (
    event.key.toLowerCase() === 'k' &&
    (event.metaKey || event.ctrlKey) &&
    !event.altKey &&
    !event.shiftKey
  );
}

/** The result list, hidden while nothing matches (an empty listbox is not valid ARIA). */
function PaletteList({ children }: { children: React.ReactNode }) {
  const count = useCommandState((state) => state.filtered.count);
  return (
    <Command.List className="vd-command-palette__list" hidden={count === 0} label="Commands">
      {children}
    </Command.List>
  );
}

/**
 * The ⌘K palette: a searchable list of grouped commands in a dialog. Arrow keys move, Enter runs,
 * Escape closes. The commands are data; navigation is the caller's (`onSelect`).
 */
export function CommandPalette({
  groups,
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  hotkey = true,
  placeholder = 'Search pages and actions…',
  emptyText = 'No results.',
  title = 'Command palette',
}: CommandPaletteProps) {
  const [open, setOpen] = useControllableState({
    prop: openProp,
    defaultProp: defaultOpen,
    onChange: onOpenChange,
    caller: 'CommandPalette',
  });
  const [search, setSearch] = React.useState('');

  React.useEffect(() => {
    if (!hotkey) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isCommandPaletteHotkey(event)) return;
      event.preventDefault();
      setOpen((current) => !current);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [hotkey, setOpen]);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) setSearch('');
        setOpen(next);
      }}
    >
      <Dialog.Content
        className="vd-command-palette"
        data-slot="command-palette"
        aria-describedby={undefined}
        size="1"
        maxWidth="600px"
      >
        <Dialog.Title className="vd-visually-hidden">{title}</Dialog.Title>
        <Command label={title} loop className="vd-command-palette__command">
          <div className="vd-command-palette__search">
            <MagnifyingGlassIcon aria-hidden />
            <Command.Input
              value={search}
              onValueChange={setSearch}
              placeholder={placeholder}
              className="vd-command-palette__input"
            />
            <kbd className="vd-command-palette__esc" aria-hidden>
              Esc
            </kbd>
          </div>
          <Command.Empty className="vd-command-palette__empty">{emptyText}</Command.Empty>
          <PaletteList>
            {groups.map((group) => (
              <Command.Group
                key={group.heading}
                heading={group.heading}
                className="vd-command-palette__group"
              >
                {group.items.map((item) => (
                  <Command.Item
                    key={item.id}
                    value={`${item.label} ${item.id}`}
                    keywords={item.keywords ? [...item.keywords] : undefined}
                    disabled={item.disabled}
                    className="vd-command-palette__item"
                    onSelect={() => {
                      setOpen(false);
                      setSearch('');
                      item.onSelect();
                    }}
                  >
                    {item.icon ? (
                      <span className="vd-command-palette__icon" aria-hidden>
                        {item.icon}
                      </span>
                    ) : null}
                    <span className="vd-command-palette__label">{item.label}</span>
                    {item.shortcut ? (
                      <span className="vd-command-palette__shortcut" aria-hidden>
                        {item.shortcut.map((key) => (
                          <kbd key={key}>{key}</kbd>
                        ))}
                      </span>
                    ) : null}
                  </Command.Item>
                ))}
              </Command.Group>
            ))}
          </PaletteList>
        </Command>
      </Dialog.Content>
    </Dialog.Root>
  );
}
