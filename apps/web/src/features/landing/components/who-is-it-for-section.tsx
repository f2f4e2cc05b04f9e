import { useTranslation } from 'react-i18next';
import { landingSections } from '@/app/paths';
import { LandingSection } from './landing-section';

const audiences = ['cafes', 'gyms', 'barbers', 'coaches', 'shops'] as const;

export function WhoIsItForSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection
      id={landingSections.whoIsItFor}
      title={t('whoIsItFor.title')}
      intro={t('whoIsItFor.intro')}
      className="bg-slate-50 dark:bg-slate-900/40"
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {audiences.map((audience) => (
          <li key={audience} className="rounded-2xl bg-white p-5 shadow-sm dark:bg-slate-900">
            <h3 className="font-semibold">{t(`whoIsItFor.audiences.${audience}.title`)}</h3>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {t(`whoIsItFor.audiences.${audience}.body`)}
            </p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
