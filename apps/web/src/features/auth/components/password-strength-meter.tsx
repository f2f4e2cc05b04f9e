import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { type PasswordStrength, passwordStrength } from '../password-strength';

const filled: Record<PasswordStrength, number> = { tooShort: 0, weak: 1, fair: 2, good: 3, strong: 4 };
const colour: Record<PasswordStrength, string> = {
  tooShort: 'bg-slate-300 dark:bg-slate-700',
  weak: 'bg-red-600 dark:bg-red-400',
  fair: 'bg-amber-500 dark:bg-amber-400',
  good: 'bg-brand-600 dark:bg-brand-400',
  strong: 'bg-emerald-600 dark:bg-emerald-400',
};

/** Four bars and a word, updated as the merchant types; read out politely by screen readers. */
export function PasswordStrengthMeter({
  password,
  userInputs,
}: {
  password: string;
  userInputs: readonly string[];
}) {
  const { t } = useTranslation('auth');
  if (!password) return null;
  const strength = passwordStrength(password, userInputs);
  return (
    <div className="flex items-center gap-3" data-strength={strength}>
      <div className="flex flex-1 gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={cn(
              'h-1.5 flex-1 rounded-full',
              bar <= filled[strength] ? colour[strength] : 'bg-slate-200 dark:bg-slate-800',
            )}
          />
        ))}
      </div>
      <p
        className="min-w-24 text-right text-xs font-medium text-slate-700 dark:text-slate-300"
        aria-live="polite"
      >
        {t('password.strength.summary', { level: t(`password.strength.${strength}`) })}
      </p>
    </div>
  );
}
