import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { landingSections, paths } from '@/app/paths';
import { MainContent } from '@/components/layout/main-content';
import { useDocumentTitle } from '@/components/layout/page-title';
import { buttonClasses } from '@/components/ui/button';
import { FinalCtaSection } from '@/features/landing/components/final-cta-section';
import { HeroSection } from '@/features/landing/components/hero-section';
import { HowItWorksSection } from '@/features/landing/components/how-it-works-section';
import { InfoSections } from '@/features/landing/components/info-sections';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { LandingNavbar } from '@/features/landing/components/landing-navbar';
import { LandingSection } from '@/features/landing/components/landing-section';
import { RewardsSection } from '@/features/landing/components/rewards-section';
import { WhoIsItForSection } from '@/features/landing/components/who-is-it-for-section';
import { legalDocuments } from '@/features/legal/documents';
import { usePlans } from '@/features/plans/api/get-plans';
import { PlanGrid } from '@/features/plans/components/plan-grid';

function PriceFallback({ loading }: { loading: boolean }) {
  const { t } = useTranslation('plans');
  const { t: tCommon } = useTranslation();
  if (loading) {
    return (
      <span
        aria-busy="true"
        className="inline-block h-7 w-28 animate-pulse rounded bg-slate-200 dark:bg-slate-700"
      >
        <span className="sr-only">{tCommon('loading')}</span>
      </span>
    );
  }
  return (
    <Link
      to={paths.admin.pricing.getHref()}
      className="text-base font-medium text-brand-700 hover:underline dark:text-brand-300"
    >
      {t('priceOnPricingPage')}
    </Link>
  );
}

/** The landing page (/): what Nest does, for whom, how it works, and its plans. */
export function Component() {
  const { t } = useTranslation('landing');
  const { t: tPlans } = useTranslation('plans');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(t('documentTitle'), { raw: true });
  const plansQuery = usePlans();
  const legalLinks = legalDocuments.map((document) => ({
    href: paths.legal.document.getHref(document.path),
    label: tCommon(`legalDocuments.${document.id}`),
  }));
  return (
    <>
      <LandingNavbar />
      <MainContent className="flex-1">
        <HeroSection />
        <HowItWorksSection />
        <WhoIsItForSection />
        <RewardsSection />
        <InfoSections />
        <LandingSection
          id={landingSections.pricing}
          title={t('pricing.title')}
          intro={t('pricing.intro')}
          className="bg-slate-50 dark:bg-slate-900/40"
        >
          <PlanGrid
            offers={plansQuery.data}
            priceFallback={<PriceFallback loading={plansQuery.isPending} />}
            renderAction={(plan, name) => (
              <Link
                to={paths.admin.signup.getHref(plan)}
                className={buttonClasses({ variant: 'secondary' }, 'w-full')}
              >
                {tPlans('choose', { plan: name })}
              </Link>
            )}
          />
        </LandingSection>
        <FinalCtaSection />
      </MainContent>
      <LandingFooter legalLinks={legalLinks} />
    </>
  );
}
