import type { Locale, Offer } from '@nest/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-error';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { toast } from '@/lib/toast';
import { useCreateOffer } from '../api/create-offer';
import { useUpdateOffer } from '../api/update-offer';
import { newIdempotencyKey } from '../lib/new-idempotency-key';
import {
  emptyOfferForm,
  formFieldOf,
  makesNewVersion,
  type OfferField,
  type OfferFormValues,
  offerChanges,
  offerFormFrom,
  readOfferForm,
} from '../lib/offer-form';
import { OfferFormFields } from './offer-form-fields';

interface OfferDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The offer being edited; none to create one. */
  offer?: Offer;
  /** Reward rules need Pro or Enterprise. */
  rewardAllowed: boolean;
  /** The button that opened the dialog, which gets the focus back when it closes. */
  opener?: () => HTMLElement | null;
}

/** Creates or edits an offer in a dialog. Mounted only while open, so each opening starts afresh. */
export function OfferDialog({ open, onOpenChange, offer, rewardAllowed, opener }: OfferDialogProps) {
  const { t } = useTranslation('offers');
  // Radix gives the focus back to a Dialog.Trigger; this dialog has several openers, so say which.
  function returnFocus(event: Event) {
    const element = opener?.();
    if (!element?.isConnected) return;
    event.preventDefault();
    element.focus();
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={returnFocus}>
        <DialogTitle>
          {offer ? t('dialog.editTitle', { name: offer.name }) : t('dialog.createTitle')}
        </DialogTitle>
        <DialogDescription>{offer ? t('dialog.editIntro') : t('dialog.createIntro')}</DialogDescription>
        {open ? (
          <OfferForm offer={offer} rewardAllowed={rewardAllowed} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function OfferForm({
  offer,
  rewardAllowed,
  onDone,
}: {
  offer?: Offer;
  rewardAllowed: boolean;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('offers');
  const errorMessage = useApiErrorMessage();
  const locale = (i18n.resolvedLanguage ?? i18n.language) as Locale;
  const [values, setValues] = useState<OfferFormValues>(() =>
    offer ? offerFormFrom(offer, locale) : emptyOfferForm(),
  );
  const [touched, setTouched] = useState<Partial<Record<OfferField, boolean>>>({});
  const [submitted, setSubmitted] = useState(0);
  const [serverErrors, setServerErrors] = useState<Partial<Record<OfferField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [planError, setPlanError] = useState<string | null>(null);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const form = useRef<HTMLFormElement>(null);
  const create = useCreateOffer();
  const update = useUpdateOffer();
  const sending = create.isPending || update.isPending;

  const { body, issues } = readOfferForm(values, locale, { rewardAllowed });
  const changes = offer && body ? offerChanges(offer, body, { rewardAllowed }) : null;
  const newVersion = offer && changes ? makesNewVersion(offer, changes) : false;

  useEffect(() => {
    if (submitted === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitted]);

  function errorOf(field: OfferField): string | null {
    const server = serverErrors[field];
    if (server) return server;
    const issue = issues[field];
    if (!issue || !(touched[field] || submitted > 0)) return null;
    return t(`errors.${issue.code}`, issue.values);
  }

  function change(patch: Partial<OfferFormValues>) {
    setValues((current) => ({ ...current, ...patch }));
    setServerErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as OfferField];
      return next;
    });
  }

  function failed(error: unknown) {
    if (isApiError(error) && error.code === 'plan_required') {
      setPlanError(error.problem.detail);
      setSubmitted((n) => n + 1);
      return;
    }
    const fields: Partial<Record<OfferField, string>> = {};
    let unplaced = !isApiError(error) || (error.problem.errors ?? []).length === 0;
    if (isApiError(error)) {
      for (const item of error.problem.errors ?? []) {
        const field = formFieldOf(item.field);
        if (field) fields[field] ??= item.message;
        else unplaced = true;
      }
    }
    setServerErrors(fields);
    if (unplaced) {
      setFormError(errorMessage(error));
    }
    setSubmitted((n) => n + 1);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setPlanError(null);
    if (!body) {
      setSubmitted((n) => n + 1);
      return;
    }
    if (!offer) {
      create.mutate(
        { body, idempotencyKey },
        {
          onSuccess: (created) => {
            toast.success(t('toasts.created', { name: created.name }));
            onDone();
          },
          onError: failed,
        },
      );
      return;
    }
    if (!changes || Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    update.mutate(
      { id: offer.id, body: changes },
      {
        onSuccess: (updated) => {
          const versioned = updated.versions.length > offer.versions.length;
          toast.success(
            versioned
              ? t('toasts.newVersion', { name: updated.name, version: updated.versions[0]?.version ?? '' })
              : t('toasts.updated', { name: updated.name }),
          );
          onDone();
        },
        onError: failed,
      },
    );
  }

  const subscribers = offer?.subscriber_count ?? 0;
  return (
    <form ref={form} noValidate onSubmit={submit} className="mt-4">
      {offer && subscribers > 0 ? (
        <p className="mb-4 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100">
          {t(subscribers === 1 ? 'dialog.hasSubscribers.one' : 'dialog.hasSubscribers.other', {
            n: subscribers,
          })}
        </p>
      ) : null}
      {formError ? (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {formError}
        </p>
      ) : null}
      <OfferFormFields
        values={values}
        onChange={change}
        onBlur={(field) => setTouched((current) => ({ ...current, [field]: true }))}
        errorOf={errorOf}
        disabled={sending}
        rewardAllowed={rewardAllowed}
        planError={planError}
      />
      {newVersion ? (
        <p
          role="status"
          className="mt-5 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          {t('dialog.newVersion')}
        </p>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" disabled={sending}>
            {t('dialog.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={sending}>
          {sending ? t('dialog.saving') : offer ? t('dialog.save') : t('dialog.create')}
        </Button>
      </DialogFooter>
    </form>
  );
}
