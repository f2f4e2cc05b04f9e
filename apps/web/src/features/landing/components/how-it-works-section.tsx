import { useTranslation } from 'react-i18next';
import { landingSections } from '@/app/paths';
import { LandingSection } from './landing-section';
import { PhoneFrame, ProductScreen } from './product-screen';

const steps = ['offers', 'share', 'paid', 'verify'] as const;
/** What a customer and the counter see, in the order they see it. */
const screens = ['link-page', 'pass', 'verify'] as const;

export function HowItWorksSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection
      id={landingSections.howItWorks}
      title={t('howItWorks.title')}
      intro={t('howItWorks.intro')}
    >
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li key={step} className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800">
            <span
              aria-hidden="true"
              className="flex size-9 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800 dark:bg-brand-950 dark:text-brand-200"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 font-semibold">{t(`howItWorks.steps.${step}.title`)}</h3>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {t(`howItWorks.steps.${step}.body`)}
            </p>
          </li>
        ))}
      </ol>
      <ul data-testid="how-it-works-screens" className="mt-14 grid grid-cols-3 gap-3 sm:gap-10 lg:px-24">
        {screens.map((screen) => (
          <li key={screen}>
            <figure>
              <PhoneFrame className="mx-auto max-w-60 border-4 sm:border-[6px]">
                <ProductScreen screen={screen} sizes="(min-width: 640px) 240px, 30vw" />
              </PhoneFrame>
              <figcaption className="mt-4 text-center text-sm font-medium text-slate-700 dark:text-slate-200">
                {t(`screens.${screen}.caption`)}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
