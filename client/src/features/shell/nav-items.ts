import { Bot, Crosshair, Funnel, LayoutDashboard, Megaphone, MessageSquare, Users, Workflow, type LucideIcon } from 'lucide-react';

export type NavItem = {
  label: string;
  to: '/dashboard' | '/bots' | '/flows' | '/funnels' | '/pixels' | '/broadcasts' | '/contacts' | '/chat';
  icon: LucideIcon;
  /** Other path prefixes that belong to this entry: a channel is configured from its bot (/channels/9 → Meus Bots). */
  also?: readonly string[];
};

/** The sidebar, in the order of docs/product.md#shell. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard },
  { label: 'Meus Bots', to: '/bots', icon: Bot, also: ['/channels'] },
  { label: 'Fluxos', to: '/flows', icon: Workflow },
  { label: 'Funis', to: '/funnels', icon: Funnel },
  { label: 'Pixels', to: '/pixels', icon: Crosshair },
  { label: 'Disparos', to: '/broadcasts', icon: Megaphone },
  { label: 'Contatos', to: '/contacts', icon: Users },
  { label: 'Chat', to: '/chat', icon: MessageSquare },
];

export const DEFAULT_TITLE = 'Canalize';
export const SHELL_SUBTITLE = 'Gerencie seus bots de forma profissional';

const isUnder = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The entry a path belongs to: its own path or a parent of it (/bots/42 → Meus Bots), or one of its `also` prefixes. */
export function navItemForPath(pathname: string): NavItem | undefined {
  return NAV_ITEMS.find(({ to, also = [] }) => isUnder(pathname, to) || also.some((prefix) => isUnder(pathname, prefix)));
}

/** Pages whose own name beats their entry's label in the header (a channel is highlighted under Meus Bots, but it is a channel). */
const PAGE_TITLES: readonly { prefix: string; title: string }[] = [{ prefix: '/channels', title: 'Canal' }];

/** The header title: the page's own name, else the label of the current entry, else the brand. */
export function titleForPath(pathname: string): string {
  return PAGE_TITLES.find(({ prefix }) => isUnder(pathname, prefix))?.title ?? navItemForPath(pathname)?.label ?? DEFAULT_TITLE;
}
