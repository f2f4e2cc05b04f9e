import { cn } from '@/components/ui/cn';
import { ColorModeSwitcher } from './color-mode-switcher';
import { LanguageSwitcher } from './language-switcher';

/** Language and theme, side by side: present in every layout's header or sidebar. */
export function PreferenceControls({ className }: { className?: string }) {
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <LanguageSwitcher />
      <ColorModeSwitcher />
    </div>
  );
}
