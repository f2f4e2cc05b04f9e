import type { Link } from '@nest/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/field';
import { toast } from '@/lib/toast';
import { createLink } from '../api/create-link';
import { getLinksQueryOptions, linksQueryKey } from '../api/get-links';
import { linkQrUrl } from '../api/link-qr-url';

/**
 * "Share" on an offer: opens the offer's link (its newest active one) or, when it has none, creates
 * one labelled "Shared link", then shows the address to copy and its QR code. The links page keeps
 * one link per place for the counts; this is the shortest way to a first link.
 */
export function ShareOfferButton({ offer }: { offer: { id: string; name: string } }) {
  const { t } = useTranslation('links');
  const queryClient = useQueryClient();
  const [link, setLink] = useState<Link | null>(null);
  const [pending, setPending] = useState(false);

  async function share() {
    setPending(true);
    try {
      const links = await queryClient.fetchQuery({ ...getLinksQueryOptions(), staleTime: 0 });
      const existing = links.items.find((item) => item.offer.id === offer.id && item.active);
      const found = existing ?? (await createLink({ offer_id: offer.id, label: t('share.defaultLabel') }));
      if (!existing) void queryClient.invalidateQueries({ queryKey: linksQueryKey });
      setLink(found);
    } catch {
      toast.error(t('share.failed'));
    } finally {
      setPending(false);
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('list.copied'));
    } catch {
      toast.error(t('list.copyFailed'));
    }
  }

  return (
    <>
      <Button variant="secondary" size="sm" disabled={pending} onClick={() => void share()}>
        {t('share.action')}
        <span className="sr-only"> {offer.name}</span>
      </Button>
      <Dialog open={link !== null} onOpenChange={(open) => (open ? null : setLink(null))}>
        {link ? (
          <DialogContent>
            <DialogTitle>{t('share.title', { offer: offer.name })}</DialogTitle>
            <DialogDescription>{t('share.intro')}</DialogDescription>
            <div className="mt-4 flex flex-col items-center gap-4">
              <img
                src={linkQrUrl(link.id, 'svg')}
                alt={t('share.qrAlt', { offer: offer.name })}
                width={176}
                height={176}
                className="size-44 rounded-lg border border-slate-200 bg-white p-2 dark:border-slate-700"
              />
              <div className="flex w-full gap-2">
                <Input
                  readOnly
                  value={link.url}
                  aria-label={t('share.address')}
                  onFocus={(event) => event.currentTarget.select()}
                  className="font-mono"
                />
                <Button variant="secondary" onClick={() => void copy(link.url)}>
                  {t('list.copy')}
                </Button>
              </div>
            </div>
            <DialogFooter>
              <a
                href={link.url}
                target="_blank"
                rel="noreferrer"
                className={buttonClasses({ variant: 'secondary' })}
              >
                {t('share.open')}
              </a>
              <DialogClose asChild>
                <Button>{t('share.done')}</Button>
              </DialogClose>
            </DialogFooter>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
