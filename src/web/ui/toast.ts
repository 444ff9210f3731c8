import hotToast, { type Renderable, type ToastOptions } from 'react-hot-toast';

/**
 * The app's toasts (react-hot-toast underneath; import this module, not the library). Two rules on top:
 * - an error toast with the same text as one already shown is that toast again (its timer restarts), never a
 *   second copy: a failing action clicked five times shows one error;
 * - a success clears the error toasts still on screen, so a success never stands next to a stale failure.
 */
const errorIds = new Set<string>();

function error(message: Renderable, options?: ToastOptions): string {
  const id = options?.id ?? (typeof message === 'string' ? `error:${message}` : undefined);
  const shown = hotToast.error(message, id === undefined ? options : { ...options, id });
  errorIds.add(shown);
  return shown;
}

function success(message: Renderable, options?: ToastOptions): string {
  for (const id of errorIds) if (id !== options?.id) hotToast.dismiss(id);
  errorIds.clear();
  return hotToast.success(message, options);
}

export const toast = Object.assign(
  (message: Renderable, options?: ToastOptions) => hotToast(message, options),
  hotToast,
  { error, success },
);
