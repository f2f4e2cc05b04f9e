import { useTranslation } from 'react-i18next';

const topics = ['paid', 'noApp', 'dashboard'] as const;

/** Why merchants choose Nest: paid first, nothing to install, a clear view of the month. */
export function InfoSections() {
  const { t } = useTranslation('landing');
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 sm:py-24 md:grid-cols-3">
      {topics.map((topic) => (
        <section key={topic} aria-labelledby={`info-${topic}-title`}>
          <h2 id={`info-${topic}-title`} className="text-xl font-semibold">
            {t(`info.${topic}.title`)}
          </h2>
          <p className="mt-3 text-slate-600 dark:text-slate-300">{t(`info.${topic}.body`)}</p>
        </section>
      ))}
    </div>
  );
}
