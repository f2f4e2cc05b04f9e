import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { landingSections, paths } from '@/app/paths';
import { buttonClasses } from '@/components/ui/button';
import { LaptopFrame, PhoneFrame, ProductScreen } from './product-screen';

const highlights = ['noApp', 'paidFirst', 'access'] as const;

export function HeroSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 h-96 bg-gradient-to-b from-brand-100/70 to-transparent dark:from-brand-950/60"
      />
      <div className="relative mx-auto grid max-w-6xl gap-14 px-4 pt-16 pb-20 sm:px-6 sm:pt-24 sm:pb-28 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)] lg:items-center lg:gap-10">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">
            {t('hero.eyebrow')}
          </p>
          <h1
            id="hero-title"
            className="mt-4 max-w-3xl text-4xl font-semibold tracking-tight text-balance sm:text-6xl lg:text-5xl xl:text-6xl"
          >
            {t('hero.title')}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-600 sm:text-xl dark:text-slate-300">
            {t('hero.lead')}
          </p>
          <div className="mt-10 flex flex-wrap gap-3">
            <Link to={paths.admin.signup.getHref()} className={buttonClasses({ size: 'lg' })}>
              {t('hero.primary')}
            </Link>
            <a
              href={`#${landingSections.howItWorks}`}
              className={buttonClasses({ variant: 'secondary', size: 'lg' })}
            >
              {t('hero.secondary')}
            </a>
          </div>
          <ul className="mt-12 grid gap-3 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
            {highlights.map((key) => (
              <li
                key={key}
                className="rounded-xl border border-slate-200 bg-white/70 px-4 py-3 text-sm font-medium dark:border-slate-800 dark:bg-slate-900/70"
              >
                {t(`hero.highlights.${key}`)}
              </li>
            ))}
          </ul>
        </div>
        {/* The merchant's dashboard on a laptop, and in front of it the link page their customers open. */}
        <div data-testid="hero-product" className="relative pb-20 sm:pb-24">
          <LaptopFrame className="ml-auto w-[88%]">
            <ProductScreen
              screen="dashboard"
              priority
              sizes="(min-width: 1152px) 500px, (min-width: 1024px) 44vw, 80vw"
            />
          </LaptopFrame>
          <PhoneFrame className="absolute bottom-0 left-0 w-[30%] max-w-44 lg:-left-4">
            <ProductScreen screen="link-page" sizes="(min-width: 640px) 176px, 30vw" />
          </PhoneFrame>
        </div>
      </div>
    </section>
  );
}
