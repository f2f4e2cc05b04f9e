import { useParams } from 'react-router';
import { MainContent } from '@/components/layout/main-content';
import { PublicFooter } from '@/components/layout/public-footer';
import { PublicHeader } from '@/components/layout/public-header';
import { LinkPage } from '@/features/checkout/components/link-page';

/** The public page of one offer link (/links/:nestLinkId), opened from a shared link or a QR code. */
export function Component() {
  const { nestLinkId = '' } = useParams();
  return (
    <>
      <PublicHeader />
      <MainContent className="mx-auto w-full max-w-xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
        <LinkPage key={nestLinkId} nestLinkId={nestLinkId} />
      </MainContent>
      <PublicFooter />
    </>
  );
}
