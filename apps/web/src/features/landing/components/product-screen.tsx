import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

/**
 * A screenshot of the product, taken from the running app by `npm run screens` (ADR 201) in each
 * language, as AVIF and WebP at two widths. Imported through Vite so each file gets a hashed address
 * under /assets/ (cached for a year) and a new screenshot is a new address.
 */
const files = import.meta.glob<string>('../screens/*.{avif,webp}', {
  eager: true,
  query: '?url',
  import: 'default',
});

export type ProductScreenName = 'link-page' | 'pass' | 'verify' | 'dashboard';

/** What each screenshot was taken at (CSS pixels × 2 on a phone) and the widths written. */
const shapes = {
  phone: { widths: [280, 560], width: 560, height: 1120 },
  laptop: { widths: [640, 1280], width: 1280, height: 800 },
} as const;

const shapeOf = (screen: ProductScreenName) => (screen === 'dashboard' ? shapes.laptop : shapes.phone);

function srcSet(screen: ProductScreenName, lang: string, format: 'avif' | 'webp') {
  return shapeOf(screen)
    .widths.map((width) => `${files[`../screens/${screen}-${lang}-${width}.${format}`]} ${width}w`)
    .join(', ');
}

interface ProductScreenProps {
  screen: ProductScreenName;
  /** The `sizes` attribute: how wide the picture is drawn at each breakpoint. */
  sizes: string;
  /** The one picture that may be the largest paint loads at once, with high priority; the others wait. */
  priority?: boolean;
  className?: string;
}

export function ProductScreen({ screen, sizes, priority = false, className }: ProductScreenProps) {
  const { t, i18n } = useTranslation('landing');
  const lang = (i18n.resolvedLanguage ?? i18n.language).startsWith('fr') ? 'fr' : 'en';
  const { widths, width, height } = shapeOf(screen);
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(screen, lang, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(screen, lang, 'webp')} sizes={sizes} />
      <img
        src={files[`../screens/${screen}-${lang}-${widths[0]}.webp`]}
        alt={t(`screens.${screen}.alt`)}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        className={cn('block h-auto w-full', className)}
      />
    </picture>
  );
}

/** A phone's outline around a screen. */
export function PhoneFrame({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'overflow-hidden rounded-[2rem] border-[6px] border-slate-900 bg-slate-900 shadow-2xl shadow-slate-900/25 dark:border-slate-700 dark:bg-slate-700',
        className,
      )}
    >
      <div className="overflow-hidden rounded-[1.6rem] bg-white">{children}</div>
    </div>
  );
}

/** A laptop window's outline (a title bar with three dots) around a screen. */
export function LaptopFrame({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl shadow-slate-900/15 dark:border-slate-700 dark:bg-slate-800',
        className,
      )}
    >
      <div
        aria-hidden="true"
        className="flex gap-1.5 border-b border-slate-200 px-3 py-2 dark:border-slate-700"
      >
        <span className="size-2.5 rounded-full bg-slate-300 dark:bg-slate-600" />
        <span className="size-2.5 rounded-full bg-slate-300 dark:bg-slate-600" />
        <span className="size-2.5 rounded-full bg-slate-300 dark:bg-slate-600" />
      </div>
      {children}
    </div>
  );
}
