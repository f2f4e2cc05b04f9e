import { coverColors, DEFAULT_BRAND_COLOR } from '@nest/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

/** A few colours that suit a shop front; any other comes from the browser's colour picker. */
export const suggestedBrandColors = [
  { id: 'coffee', color: '#6f4e37' },
  { id: 'terracotta', color: '#c2410c' },
  { id: 'raspberry', color: '#be123c' },
  { id: 'mustard', color: '#eab308' },
  { id: 'sage', color: '#4d7c0f' },
  { id: 'ocean', color: '#1d4ed8' },
  { id: 'plum', color: '#6d28d9' },
  { id: 'ink', color: '#111827' },
  { id: 'blush', color: '#fbcfe8' },
] as const;

interface BrandColorPickerProps {
  /** `#rrggbb`, or null for Nest's own colour. */
  value: string | null;
  onChange: (color: string | null) => void;
  /** What the preview shows on the cover. */
  nestName: string;
  logoUrl: string | null;
  disabled?: boolean;
}

const swatch =
  'relative size-9 rounded-full border border-slate-950/15 shadow-sm transition-transform peer-checked:scale-110 peer-checked:ring-2 peer-checked:ring-slate-900 peer-checked:ring-offset-2 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-brand-600 dark:border-white/20 dark:peer-checked:ring-slate-100 dark:peer-checked:ring-offset-slate-900 dark:peer-focus-visible:outline-brand-400';

/**
 * The colour of the nest's cover on its link page, checkout and posters (ADR 197): Nest's own, a
 * suggested one, or any from the browser's picker, with a live preview of the cover. The text on it
 * is chosen for contrast, so every colour stays readable.
 */
export function BrandColorPicker({ value, onChange, nestName, logoUrl, disabled }: BrandColorPickerProps) {
  const { t } = useTranslation('nests');
  const id = useId();
  const colors = coverColors(value);
  const options = [{ id: 'nest', color: null }, ...suggestedBrandColors] as const;
  const custom = value !== null && !suggestedBrandColors.some((option) => option.color === value);
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={`${id}-hint`} disabled={disabled}>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('brand.label')}</legend>
      <p id={`${id}-hint`} className="-mt-1 text-xs text-slate-500 dark:text-slate-400">
        {t('brand.hint')}
      </p>
      <div className="flex flex-wrap items-center gap-2.5">
        {options.map((option) => (
          <label
            key={option.id}
            className="inline-flex cursor-pointer"
            title={t(`brand.swatches.${option.id}`)}
          >
            <input
              type="radio"
              name={`${id}-color`}
              className="peer sr-only"
              checked={value === option.color}
              onChange={() => onChange(option.color)}
              aria-label={t(`brand.swatches.${option.id}`)}
            />
            <span className={swatch} style={{ backgroundColor: option.color ?? DEFAULT_BRAND_COLOR }}>
              {option.color === null ? (
                <span className="absolute inset-0 grid place-items-center text-[0.6rem] font-bold text-white">
                  N
                </span>
              ) : null}
            </span>
          </label>
        ))}
        <label
          className={cn(
            'inline-flex h-9 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm font-medium',
            custom
              ? 'border-slate-900 dark:border-slate-100'
              : 'border-slate-300 text-slate-700 dark:border-slate-700 dark:text-slate-200',
          )}
        >
          <input
            type="color"
            value={value ?? DEFAULT_BRAND_COLOR}
            onChange={(event) => onChange(event.target.value.toLowerCase())}
            className="size-6 cursor-pointer rounded-full border-0 bg-transparent p-0"
          />
          {t('brand.custom')}
        </label>
      </div>
      <div
        data-testid="brand-preview"
        aria-hidden="true"
        className="flex items-center gap-3 rounded-2xl px-4 py-3 shadow-sm ring-1 ring-slate-950/10 dark:ring-white/15"
        style={{ backgroundColor: colors.background, color: colors.text }}
      >
        {logoUrl ? (
          <img
            src={logoUrl}
            alt=""
            className="size-10 rounded-xl bg-white object-cover ring-2 ring-white/80"
          />
        ) : (
          <span className="grid size-10 place-items-center rounded-xl bg-white/20 text-lg font-bold">
            {nestName.trim().charAt(0).toLocaleUpperCase()}
          </span>
        )}
        <span className="min-w-0 truncate text-base font-semibold">{nestName}</span>
      </div>
    </fieldset>
  );
}
