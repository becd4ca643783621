export {
  Tabs,
  tabsListVariants,
  type TabsContentProps,
  type TabsListProps,
  type TabsRootProps,
  type TabsTriggerProps,
} from './tabs.tsx';
