import { Bot, Crosshair, Funnel, LayoutDashboard, Megaphone, MessageSquare, Users, Workflow, type LucideIcon } from 'lucide-react';

export type NavItem = { label: string; to: '/dashboard' | '/bots' | '/flows' | '/funnels' | '/pixels' | '/broadcasts' | '/contacts' | '/chat'; icon: LucideIcon };

/** The sidebar, in the order of part 1 §2. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard },
  { label: 'Meus Bots', to: '/bots', icon: Bot },
  { label: 'Fluxos', to: '/flows', icon: Workflow },
  { label: 'Funis', to: '/funnels', icon: Funnel },
  { label: 'Pixels', to: '/pixels', icon: Crosshair },
  { label: 'Disparos', to: '/broadcasts', icon: Megaphone },
  { label: 'Contatos', to: '/contacts', icon: Users },
  { label: 'Chat', to: '/chat', icon: MessageSquare },
];

export const DEFAULT_TITLE = 'Canalize';
export const SHELL_SUBTITLE = 'Gerencie seus bots de forma profissional';

/** The header title: the entry whose path is the current one or a parent of it (/bots/42 → Meus Bots). */
export function titleForPath(pathname: string): string {
  const item = NAV_ITEMS.find(({ to }) => pathname === to || pathname.startsWith(`${to}/`));
  return item?.label ?? DEFAULT_TITLE;
}
