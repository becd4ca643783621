import {
  ArchiveIcon,
  AvatarIcon,
  BarChartIcon,
  BackpackIcon,
  CardStackIcon,
  ChatBubbleIcon,
  CheckCircledIcon,
  CheckboxIcon,
  CubeIcon,
  DashboardIcon,
  EnterIcon,
  ExclamationTriangleIcon,
  GearIcon,
  GlobeIcon,
  HomeIcon,
  IdCardIcon,
  InfoCircledIcon,
  LayersIcon,
  Link2Icon,
  PersonIcon,
  PlusCircledIcon,
  QuestionMarkCircledIcon,
  ReaderIcon,
  RocketIcon,
  Share1Icon,
  TokensIcon,
  ViewGridIcon,
  BookmarkIcon,
} from '@radix-ui/react-icons';

// The sidebar's icons: a module of their own, loaded after the first page has rendered (the
// sidebar keeps an icon-sized place for each, so nothing moves when they arrive).
const ICONS = {
  home: HomeIcon,
  dashboard: DashboardIcon,
  shop: BackpackIcon,
  pricing: TokensIcon,
  programs: LayersIcon,
  links: Link2Icon,
  linkPage: IdCardIcon,
  storefronts: ViewGridIcon,
  hub: ReaderIcon,
  invite: Share1Icon,
  products: CubeIcon,
  orders: ArchiveIcon,
  settings: GearIcon,
  affiliates: PersonIcon,
  messages: ChatBubbleIcon,
  onboarding: CheckCircledIcon,
  sell: RocketIcon,
  metrics: BarChartIcon,
  users: AvatarIcon,
  approvals: CheckboxIcon,
  moderation: ExclamationTriangleIcon,
  payouts: CardStackIcon,
  courses: BookmarkIcon,
  community: GlobeIcon,
  wiki: InfoCircledIcon,
  help: QuestionMarkCircledIcon,
  profile: AvatarIcon,
  login: EnterIcon,
  signup: PlusCircledIcon,
} as const;

export type NavIconName = keyof typeof ICONS;

/** The icon of a sidebar entry (decorative: the entry's label names it). */
export default function NavIcon({ name }: { name: NavIconName }) {
  const Icon = ICONS[name];
  return <Icon aria-hidden />;
}
