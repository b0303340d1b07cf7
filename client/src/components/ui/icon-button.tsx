import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

export type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'aria-label'> & {
  icon: LucideIcon;
  /** The accessible name: an icon alone says nothing to a screen reader. */
  label: string;
  iconClassName?: string;
};

/** A square button showing only an icon (close, menu): named by `label`, the icon hidden from assistive tech. */
export function IconButton({ icon: Icon, label, iconClassName = 'size-5', className, type = 'button', ...props }: IconButtonProps) {
  return (
    <button type={type} aria-label={label} className={cn('rounded-lg p-2 transition-colors hover:bg-slate-100', className)} {...props}>
      <Icon aria-hidden="true" className={iconClassName} />
    </button>
  );
}
