import { Trash2, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { Card } from './card.tsx';
import { UserText } from './user-text.tsx';

export type EntityCardProps = {
  icon: LucideIcon;
  title: string;
  /** Under the title: a @username, a description. */
  subtitle?: ReactNode;
  /** On the right of the title: a status. */
  badge?: ReactNode;
  /** Facts between the head and the actions. */
  children?: ReactNode;
  /** The bottom row, kept at the card's foot so the actions line up across a grid. */
  actions: ReactNode;
};

/** One item of a card grid (a bot, a flow): an article named by its title, with its facts and actions. */
export function EntityCard({ icon: Icon, title, subtitle, badge, children, actions }: EntityCardProps) {
  const titleId = useId();
  return (
    <Card className="flex h-full flex-col p-5" role="article" aria-labelledby={titleId}>
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="truncate font-semibold text-slate-900">
            <UserText>{title}</UserText>
          </h3>
          {subtitle}
        </div>
        {badge}
      </div>
      {children}
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-5">{actions}</div>
    </Card>
  );
}

/** Remover, in red, beside a card's main action. */
export function RemoveButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" className="text-red-600 hover:bg-red-50 hover:text-red-700" icon={<Trash2 aria-hidden="true" className="size-4" />} onClick={onClick}>
      Remover
    </Button>
  );
}
