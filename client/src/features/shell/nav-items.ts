import { Bot, CircleUser, Crosshair, Funnel, KeyRound, LayoutDashboard, Megaphone, MessageSquare, MessageSquareText, UserCog, Users, Webhook, Workflow, type LucideIcon } from 'lucide-react';
import { can, type Area, type Role } from '@shared/team/permissions.ts';

export type NavItem = {
  label: string;
  to: '/dashboard' | '/bots' | '/flows' | '/funnels' | '/pixels' | '/acessos' | '/broadcasts' | '/contacts' | '/chat' | '/respostas-rapidas' | '/team' | '/webhooks' | '/conta';
  icon: LucideIcon;
  /** The area of the role matrix the screen belongs to: a role without it neither sees the entry nor opens the page. */
  area: Area;
  /** Other path prefixes that belong to this entry: a channel is configured from its bot (/channels/9 → Meus Bots). */
  also?: readonly string[];
};

/** The sidebar, in the order of docs/product.md#shell. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard, area: 'dashboard' },
  { label: 'Meus Bots', to: '/bots', icon: Bot, also: ['/channels'], area: 'bots' },
  { label: 'Fluxos', to: '/flows', icon: Workflow, area: 'flows' },
  { label: 'Funis', to: '/funnels', icon: Funnel, area: 'funnels' },
  { label: 'Pixels', to: '/pixels', icon: Crosshair, area: 'pixels' },
  { label: 'Acessos', to: '/acessos', icon: KeyRound, area: 'access' },
  { label: 'Disparos', to: '/broadcasts', icon: Megaphone, area: 'broadcasts' },
  { label: 'Contatos', to: '/contacts', icon: Users, area: 'contacts' },
  { label: 'Chat', to: '/chat', icon: MessageSquare, area: 'inbox' },
  { label: 'Respostas rápidas', to: '/respostas-rapidas', icon: MessageSquareText, area: 'quickReplies' },
  { label: 'Equipe', to: '/team', icon: UserCog, area: 'account' },
  { label: 'Webhooks', to: '/webhooks', icon: Webhook, area: 'webhooks' },
  { label: 'Minha conta', to: '/conta', icon: CircleUser, area: 'account' },
];

/** The entries a role may open (shared/team/permissions.ts). */
export const navItemsFor = (role: Role) => NAV_ITEMS.filter((item) => can(role, item.area));

/** Whether a role may open the page at `pathname`; pages outside the menu belong to no area and are open to all. */
export function canOpenPath(role: Role, pathname: string): boolean {
  const item = navItemForPath(pathname);
  return !item || can(role, item.area);
}

/** Where a role starts: the dashboard, or the inbox for a role without it. */
export const homePathFor = (role: Role): '/dashboard' | '/chat' => (can(role, 'dashboard') ? '/dashboard' : '/chat');

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
