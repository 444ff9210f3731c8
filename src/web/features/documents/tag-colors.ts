import type { TDocumentTag } from '@shared/documents/contracts.ts';

/**
 * The tag palette on Tailwind's colour scale, for light and dark: a soft background with dark text (light) and a
 * deep background with light text (dark), each pair above 4.5:1.
 */
export const TAG_COLOR_CLASSES: Record<TDocumentTag['color'], string> = {
  gray: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  red: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  orange: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-200',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  green: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  teal: 'bg-teal-100 text-teal-800 dark:bg-teal-950 dark:text-teal-200',
  blue: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  violet: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200',
  pink: 'bg-pink-100 text-pink-800 dark:bg-pink-950 dark:text-pink-200',
};

/** The dot shown beside a colour's name in pickers. */
export const TAG_DOT_CLASSES: Record<TDocumentTag['color'], string> = {
  gray: 'bg-slate-500',
  red: 'bg-red-600',
  orange: 'bg-orange-500',
  amber: 'bg-amber-500',
  green: 'bg-green-600',
  teal: 'bg-teal-600',
  blue: 'bg-blue-600',
  violet: 'bg-violet-600',
  pink: 'bg-pink-600',
};
