import * as React from 'react';
import { Tabs as ThemesTabs } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../utils';

export const tabsListVariants = cva('vd-tabs-list', {
  variants: {
    /** `stretch` shares the width equally between the triggers (good for two or three tabs on mobile). */
    layout: { start: '', stretch: 'vd-tabs-list--stretch' },
  },
  defaultVariants: { layout: 'start' },
});

export type TabsRootProps = React.ComponentPropsWithoutRef<typeof ThemesTabs.Root>;

const TabsRoot = React.forwardRef<HTMLDivElement, TabsRootProps>(function TabsRoot(
  { className, ...rest },
  ref,
) {
  return (
    <ThemesTabs.Root ref={ref} data-slot="tabs" className={cn('vd-tabs', className)} {...rest} />
  );
});

export interface TabsListProps
  extends
    Omit<React.ComponentPropsWithoutRef<typeof ThemesTabs.List>, 'justify'>,
    VariantProps<typeof tabsListVariants> {}

/** The row of tab triggers. Give it an `aria-label` when no heading names the tabs. */
const TabsList = React.forwardRef<HTMLDivElement, TabsListProps>(function TabsList(
  { layout, className, ...rest },
  ref,
) {
  return (
    <ThemesTabs.List
      ref={ref}
      data-slot="tabs-list"
      className={tabsListVariants({ layout, className })}
      {...rest}
    />
  );
});

export type TabsTriggerProps = React.ComponentPropsWithoutRef<typeof ThemesTabs.Trigger>;

const TabsTrigger = React.forwardRef<HTMLButtonElement, TabsTriggerProps>(
  function TabsTrigger(props, ref) {
    return <ThemesTabs.Trigger ref={ref} data-slot="tabs-trigger" {...props} />;
  },
);

export type TabsContentProps = React.ComponentPropsWithoutRef<typeof ThemesTabs.Content>;

const TabsContent = React.forwardRef<HTMLDivElement, TabsContentProps>(function TabsContent(
  { className, ...rest },
  ref,
) {
  return (
    <ThemesTabs.Content
      ref={ref}
      data-slot="tabs-content"
      className={cn('vd-tabs-content', className)}
      {...rest}
    />
  );
});

/**
 * Tabs on the Radix primitive: arrow keys move between triggers, Home/End jump to the ends,
 * and each panel is labelled by its trigger. Use as `Tabs.Root`, `Tabs.List`, `Tabs.Trigger`, `Tabs.Content`.
 */
export const Tabs = { Root: TabsRoot, List: TabsList, Trigger: TabsTrigger, Content: TabsContent };
