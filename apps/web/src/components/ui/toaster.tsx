import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster as Sonner, toast } from 'sonner';
import { toasterMounted } from '@/lib/toast';

/**
 * The toast area, with the spec's settings (§9): 3 visible, 4000 ms, gap 14 px, offset 32 px,
 * bottom-right, Alt+T to focus. Width, swipe threshold and exit animation are sonner 1.7.4's built-in
 * values, checked in node_modules/sonner (its source map's index.tsx): TOAST_WIDTH = 356 (the
 * `--width` style), SWIPE_THRESHOLD = 20 and TIME_BEFORE_UNMOUNT = 200, none of which is a prop.
 * sonner 2.x raised SWIPE_THRESHOLD to 45, which is why 1.7.4 is pinned (docs/decisions/011).
 */
export const TOASTER_SETTINGS = {
  visibleToasts: 3,
  duration: 4000,
  gap: 14,
  offset: 32,
  position: 'bottom-right',
  hotkey: ['altKey', 'KeyT'],
} as const;

export function Toaster({ theme }: { theme: 'light' | 'dark' }) {
  const { t } = useTranslation();
  useEffect(() => toasterMounted(toast), []);
  return (
    <Sonner
      theme={theme}
      visibleToasts={TOASTER_SETTINGS.visibleToasts}
      duration={TOASTER_SETTINGS.duration}
      gap={TOASTER_SETTINGS.gap}
      offset={TOASTER_SETTINGS.offset}
      position={TOASTER_SETTINGS.position}
      hotkey={[...TOASTER_SETTINGS.hotkey]}
      containerAriaLabel={t('toasts.label')}
      // No close button: its label ("Close toast") is fixed in English in sonner 1.7.4. Toasts leave
      // on their own after 4 s, or with a swipe.
    />
  );
}
