import * as React from 'react';
import { Tabs as ThemesTabs } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn, composeRefs } from '../../utils/index.ts';

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

/**
 * Which ends of a scrolling row have tabs hidden past them: `start`, `end`, both or neither. Narrow
 * screens scroll the row instead of cutting a label; the hidden side fades out as the hint.
 */
function useOverflowEdges(list: HTMLDivElement | null) {
  const [edges, setEdges] = React.useState({ start: false, end: false });
  React.useEffect(() => {
    if (!list) return undefined;
    const update = () => {
      const max = list.scrollWidth - list.clientWidth;
      const next = { start: list.scrollLeft > 1, end: list.scrollLeft < max - 1 };
      setEdges((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
    };
    update();
    list.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(list);
    return () => {
      list.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [list]);
  return edges;
}

/**
 * The row of tab triggers. Give it an `aria-label` when no heading names the tabs. When the tabs
 * do not fit, the row scrolls (swipe, or arrow keys move the focused tab into view) and fades at
 * the side that hides more tabs.
 */
const TabsList = React.forwardRef<HTMLDivElement, TabsListProps>(function TabsList(
  { layout, className, ...rest },
  ref,
) {
  const [list, setList] = React.useState<HTMLDivElement | null>(null);
  const edges = useOverflowEdges(list);
  return (
    <ThemesTabs.List
      ref={composeRefs(ref, setList)}
      data-slot="tabs-list"
      data-overflow-start={edges.start ? '' : undefined}
      data-overflow-end={edges.end ? '' : undefined}
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
