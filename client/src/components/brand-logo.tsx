import { useId } from 'react';
import { cn } from '../lib/cn.ts';

/** The Canalize mark (the same paper plane as the app icons, see client/scripts/make-icons.ts). */
export function BrandMark({ className }: { className?: string }) {
  // Unique per instance: a gradient referenced from a display:none SVG does not paint in Chromium.
  const gradientId = `canalize-mark${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-9 shrink-0', className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f46e5" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="7" fill={`url(#${gradientId})`} />
      <g transform="translate(6.7 6.4) scale(0.58)">
        <path d="M1.9 15 30.1 3.2 12.8 19.2Z" fill="#fff" />
        <path d="M12.8 19.2 30.1 3.2 24.3 27.5Z" fill="#ddd6fe" />
        <path d="M12.8 19.2 17.9 22.7 13.4 27.5Z" fill="#c4b5fd" />
      </g>
    </svg>
  );
}

export function BrandLogo({ className, light = false }: { className?: string; light?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <BrandMark className={light ? 'rounded-[7px] shadow-lg ring-1 shadow-indigo-900/30 ring-white/40' : undefined} />
      <span className={cn('text-lg font-bold tracking-tight', light ? 'text-white' : 'text-slate-900')}>Canalize</span>
    </span>
  );
}
