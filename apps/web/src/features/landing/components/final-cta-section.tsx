import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { buttonClasses } from '@/components/ui/button';

export function FinalCtaSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="final-cta-title" className="px-4 pb-20 sm:px-6">
      <div className="mx-auto max-w-4xl rounded-3xl bg-slate-900 px-6 py-14 text-center text-white sm:px-12 dark:bg-slate-800">
        <h2 id="final-cta-title" className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          {t('finalCta.title')}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-slate-300">{t('finalCta.body')}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link
            to={paths.admin.signup.getHref()}
            className={buttonClasses({ size: 'lg' }, 'dark:bg-brand-400')}
          >
            {t('finalCta.primary')}
          </Link>
          <Link
            to={paths.admin.login.getHref()}
            className={buttonClasses(
              { variant: 'ghost', size: 'lg' },
              'text-white hover:bg-white/10 dark:text-white',
            )}
          >
            {t('finalCta.login')}
          </Link>
        </div>
      </div>
    </section>
  );
}
