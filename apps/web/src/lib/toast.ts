import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * Shows toasts. sonner and the toast area load just after the first render (they are not needed to
 * show a page); a toast asked for earlier waits until the area is mounted instead of being lost.
 * The area hands over sonner's `toast` when it mounts, so showing a toast never downloads anything
 * (it must work offline: "you are offline" is one of them).
 */
type SonnerToast = typeof sonnerToast;
let handOver: (toast: SonnerToast) => void = () => {};
const mounted = new Promise<SonnerToast>((resolve) => {
  handOver = resolve;
});

/** Called by the toast area once it is mounted. */
export function toasterMounted(toast: SonnerToast): void {
  handOver(toast);
}

type Kind = 'message' | 'success' | 'info' | 'warning' | 'error';

function show(kind: Kind, message: string, options?: ExternalToast): void {
  void mounted.then((toast) => toast[kind](message, options));
}

export const toast = {
  message: (message: string, options?: ExternalToast) => show('message', message, options),
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  warning: (message: string, options?: ExternalToast) => show('warning', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
};
