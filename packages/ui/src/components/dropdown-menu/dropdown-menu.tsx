import * as React from 'react';
import { DropdownMenu as ThemesMenu } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../utils/index.ts';

export const dropdownMenuItemVariants = cva('vd-dropdown-menu-item', {
  variants: {
    /** `danger` marks destructive actions (delete, sign out everywhere). */
    tone: { default: '', danger: 'vd-dropdown-menu-item--danger' },
  },
  defaultVariants: { tone: 'default' },
});

type Themes<C extends React.ElementType> = React.ComponentPropsWithoutRef<C>;

export type DropdownMenuRootProps = Themes<typeof ThemesMenu.Root>;
export type DropdownMenuTriggerProps = Themes<typeof ThemesMenu.Trigger>;
export type DropdownMenuContentProps = Themes<typeof ThemesMenu.Content>;
export type DropdownMenuLabelProps = Themes<typeof ThemesMenu.Label>;
export type DropdownMenuGroupProps = Themes<typeof ThemesMenu.Group>;
export type DropdownMenuSeparatorProps = Themes<typeof ThemesMenu.Separator>;
export type DropdownMenuCheckboxItemProps = Themes<typeof ThemesMenu.CheckboxItem>;
export type DropdownMenuRadioGroupProps = Themes<typeof ThemesMenu.RadioGroup>;
export type DropdownMenuRadioItemProps = Themes<typeof ThemesMenu.RadioItem>;
export type DropdownMenuSubTriggerProps = Themes<typeof ThemesMenu.SubTrigger>;
export type DropdownMenuSubContentProps = Themes<typeof ThemesMenu.SubContent>;
export interface DropdownMenuItemProps
  extends
    Omit<Themes<typeof ThemesMenu.Item>, 'color'>,
    VariantProps<typeof dropdownMenuItemVariants> {}

/**
 * Non-modal by default: the page stays readable by assistive technology while the menu is open
 * (a modal menu hides the page with aria-hidden while its trigger stays focusable). Focus still
 * moves into the menu and returns to the trigger; pass `modal` to block the page instead.
 */
function DropdownMenuRoot({ modal = false, ...props }: DropdownMenuRootProps) {
  return <ThemesMenu.Root modal={modal} {...props} />;
}

const DropdownMenuTrigger = React.forwardRef<HTMLButtonElement, DropdownMenuTriggerProps>(
  function DropdownMenuTrigger(props, ref) {
    return <ThemesMenu.Trigger ref={ref} data-slot="dropdown-menu-trigger" {...props} />;
  },
);

/**
 * The portalled menu panel; stays in the dark theme. Defaults to the soft variant, whose highlight
 * keeps text contrast, and to arrow keys that wrap from the last item to the first and back.
 */
const DropdownMenuContent = React.forwardRef<HTMLDivElement, DropdownMenuContentProps>(
  function DropdownMenuContent({ variant = 'soft', loop = true, ...rest }, ref) {
    return (
      <ThemesMenu.Content
        ref={ref}
        data-slot="dropdown-menu-content"
        variant={variant}
        loop={loop}
        {...rest}
      />
    );
  },
);

const DropdownMenuItem = React.forwardRef<HTMLDivElement, DropdownMenuItemProps>(
  function DropdownMenuItem({ tone, className, ...rest }, ref) {
    return (
      <ThemesMenu.Item
        ref={ref}
        data-slot="dropdown-menu-item"
        color={tone === 'danger' ? 'red' : undefined}
        className={dropdownMenuItemVariants({ tone, className })}
        {...rest}
      />
    );
  },
);

const DropdownMenuLabel = React.forwardRef<HTMLDivElement, DropdownMenuLabelProps>(
  function DropdownMenuLabel({ className, ...rest }, ref) {
    return (
      <ThemesMenu.Label
        ref={ref}
        data-slot="dropdown-menu-label"
        className={cn('vd-dropdown-menu-label', className)}
        {...rest}
      />
    );
  },
);

const DropdownMenuGroup = React.forwardRef<HTMLDivElement, DropdownMenuGroupProps>(
  function DropdownMenuGroup(props, ref) {
    return <ThemesMenu.Group ref={ref} data-slot="dropdown-menu-group" {...props} />;
  },
);

const DropdownMenuSeparator = React.forwardRef<HTMLDivElement, DropdownMenuSeparatorProps>(
  function DropdownMenuSeparator(props, ref) {
    return <ThemesMenu.Separator ref={ref} data-slot="dropdown-menu-separator" {...props} />;
  },
);

const DropdownMenuCheckboxItem = React.forwardRef<HTMLDivElement, DropdownMenuCheckboxItemProps>(
  function DropdownMenuCheckboxItem(props, ref) {
    return <ThemesMenu.CheckboxItem ref={ref} data-slot="dropdown-menu-checkbox-item" {...props} />;
  },
);

const DropdownMenuRadioGroup = React.forwardRef<HTMLDivElement, DropdownMenuRadioGroupProps>(
  function DropdownMenuRadioGroup(props, ref) {
    return <ThemesMenu.RadioGroup ref={ref} data-slot="dropdown-menu-radio-group" {...props} />;
  },
);

const DropdownMenuRadioItem = React.forwardRef<HTMLDivElement, DropdownMenuRadioItemProps>(
  function DropdownMenuRadioItem(props, ref) {
    return <ThemesMenu.RadioItem ref={ref} data-slot="dropdown-menu-radio-item" {...props} />;
  },
);

const DropdownMenuSubTrigger = React.forwardRef<HTMLDivElement, DropdownMenuSubTriggerProps>(
  function DropdownMenuSubTrigger(props, ref) {
    return <ThemesMenu.SubTrigger ref={ref} data-slot="dropdown-menu-sub-trigger" {...props} />;
  },
);

const DropdownMenuSubContent = React.forwardRef<HTMLDivElement, DropdownMenuSubContentProps>(
  function DropdownMenuSubContent(props, ref) {
    return <ThemesMenu.SubContent ref={ref} data-slot="dropdown-menu-sub-content" {...props} />;
  },
);

/**
 * A menu of actions opened from a button: arrow keys move, typing jumps to an item, Escape closes
 * and returns focus to the trigger. Use `DropdownMenu.Trigger asChild` around a Button, and
 * `DropdownMenu.Item asChild` around a link for navigation items.
 */
export const DropdownMenu = {
  Root: DropdownMenuRoot,
  Trigger: DropdownMenuTrigger,
  TriggerIcon: ThemesMenu.TriggerIcon,
  Content: DropdownMenuContent,
  Item: DropdownMenuItem,
  Label: DropdownMenuLabel,
  Group: DropdownMenuGroup,
  Separator: DropdownMenuSeparator,
  CheckboxItem: DropdownMenuCheckboxItem,
  RadioGroup: DropdownMenuRadioGroup,
  RadioItem: DropdownMenuRadioItem,
  Sub: ThemesMenu.Sub,
  SubTrigger: DropdownMenuSubTrigger,
  SubContent: DropdownMenuSubContent,
};
