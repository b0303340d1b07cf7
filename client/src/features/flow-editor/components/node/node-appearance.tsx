import {
  Box, Clock, Funnel, GitBranch, Globe, Image, LayoutList, MessageCircle, MessageSquare, MousePointerClick, Shuffle, Terminal, Ticket, UserCog, UserPlus,
  type LucideIcon,
} from 'lucide-react';
import type { NodeType } from '@shared/flows/node-catalog.ts';

/**
 * One colour per node type: card header, library entry and minimap (docs/product.md#screen-flow-editor "minimap coloured by type").
 * Tailwind's 700 shades: white header text on them keeps a 4.5:1 contrast (WCAG AA), which the 500 shades did not.
 */
export const TYPE_COLORS: Record<NodeType, string> = {
  trigger: '#047857',
  action: '#1d4ed8',
  condition: '#b45309',
  integration: '#be185d',
};

const ICONS: Record<string, LucideIcon> = {
  trigger_message: MessageSquare,
  trigger_command: Terminal,
  trigger_contact_created: UserPlus,
  trigger_contact_updated: UserCog,
  trigger_contact_from_funnel: Funnel,
  trigger_button_clicked: MousePointerClick,
  trigger_access: Ticket,
  send_text: MessageCircle,
  send_media: Image,
  send_buttons: LayoutList,
  delay: Clock,
  if_else: GitBranch,
  random: Shuffle,
  http_request: Globe,
};

/** An unknown subtype gets the default icon (docs/product.md#rules-nodes). */
export const subtypeIcon = (subType: string): LucideIcon => ICONS[subType] ?? Box;

export const typeColor = (type: string) => (type in TYPE_COLORS ? TYPE_COLORS[type as NodeType] : '#64748b');
