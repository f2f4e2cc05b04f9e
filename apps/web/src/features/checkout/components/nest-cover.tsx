import { COVER_TEXT_LIGHT, coverColors, type PublicLink } from '@nest/contracts';
import { useLinkWords } from '../lib/link-words';

/**
 * The top of the link page (ADR 197): the nest leads, on a cover in its colour, with its logo (or its
 * initial), its name and what it says about itself. The text is white or near-black by the colour's
 * luminance (at least 4.5:1), so it reads the same in light and dark mode.
 */
export function NestCover({ nest }: { nest: PublicLink['nest'] }) {
  const { t } = useLinkWords();
  const colors = coverColors(nest.brand_color);
  const onDark = colors.text === COVER_TEXT_LIGHT;
  return (
    <header
      data-testid="nest-cover"
      data-brand-color={colors.background}
      className="px-5 pt-6 pb-5 sm:px-7 sm:pt-7"
      style={{ backgroundColor: colors.background, color: colors.text }}
    >
      <div className="flex items-center gap-4">
        {nest.logo_url ? (
          <img
            src={nest.logo_url}
            alt={t('offer.logoAlt', { nest: nest.name })}
            width={64}
            height={64}
            className="size-16 shrink-0 rounded-2xl bg-white object-cover shadow-md ring-2 ring-white/80"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-16 shrink-0 place-items-center rounded-2xl text-2xl font-bold"
            style={{ backgroundColor: onDark ? 'rgb(255 255 255 / 0.18)' : 'rgb(2 6 23 / 0.08)' }}
          >
            {nest.name.trim().charAt(0).toLocaleUpperCase()}
          </span>
        )}
        <p
          data-testid="nest-name"
          className="min-w-0 text-xl leading-tight font-semibold tracking-tight break-words sm:text-2xl"
        >
          {nest.name}
        </p>
      </div>
      {nest.description ? (
        <p className="mt-4 text-[0.95rem] leading-relaxed" data-testid="nest-description">
          {nest.description}
        </p>
      ) : null}
    </header>
  );
}
