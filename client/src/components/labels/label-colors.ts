/**
 * How each palette colour (shared/labels/schemas.ts) is drawn: a light tint with the same hue's darkest text and a
 * ring, every pair above WCAG AA (4.5:1) for small text; the swatch is the hue itself. Static class names, so the
 * style sheet holds them.
 */
import type { LabelColor } from '@shared/labels/schemas.ts';

export const LABEL_CHIP_CLASSES: Record<LabelColor, string> = {
  gray: 'bg-slate-100 text-slate-800 ring-slate-300',
  red: 'bg-red-100 text-red-900 ring-red-300',
  orange: 'bg-orange-100 text-orange-900 ring-orange-300',
  amber: 'bg-amber-100 text-amber-900 ring-amber-300',
  green: 'bg-green-100 text-green-900 ring-green-300',
  teal: 'bg-teal-100 text-teal-900 ring-teal-300',
  blue: 'bg-blue-100 text-blue-900 ring-blue-300',
  indigo: 'bg-indigo-100 text-indigo-900 ring-indigo-300',
  purple: 'bg-purple-100 text-purple-900 ring-purple-300',
  pink: 'bg-pink-100 text-pink-900 ring-pink-300',
};

export const LABEL_SWATCH_CLASSES: Record<LabelColor, string> = {
  gray: 'bg-slate-500',
  red: 'bg-red-500',
  orange: 'bg-orange-500',
  amber: 'bg-amber-500',
  green: 'bg-green-600',
  teal: 'bg-teal-600',
  blue: 'bg-blue-600',
  indigo: 'bg-indigo-600',
  purple: 'bg-purple-600',
  pink: 'bg-pink-600',
};
