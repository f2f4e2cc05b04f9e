import type { CreateEventBody, NestEvent } from '@nest/contracts';
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
import { Field, Input, Textarea } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { isApiError } from '@/lib/api-error';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { toast } from '@/lib/toast';
import { useCreateEvent, useEventOffers, useUpdateEvent } from '../api/merchant-events';

type FieldName =
  | 'title'
  | 'description'
  | 'starts_local'
  | 'ends_local'
  | 'place'
  | 'capacity'
  | 'offer_ids'
  | 'registration_deadline_local';

interface FormValues {
  title: string;
  description: string;
  starts_local: string;
  ends_local: string;
  place: string;
  capacity: string;
  offer_ids: string[];
  guests_allowed: boolean;
  registration_deadline_local: string;
}

const emptyForm: FormValues = {
  title: '',
  description: '',
  starts_local: '',
  ends_local: '',
  place: '',
  capacity: '',
  offer_ids: [],
  guests_allowed: false,
  registration_deadline_local: '',
};

function formOf(event: NestEvent): FormValues {
  return {
    title: event.title,
    description: event.description ?? '',
    starts_local: event.starts_local,
    ends_local: event.ends_local,
    place: event.place ?? '',
    capacity: event.capacity === null ? '' : String(event.capacity),
    offer_ids: event.offers.map((o) => o.id),
    guests_allowed: event.guests_allowed,
    registration_deadline_local: event.registration_deadline_local ?? '',
  };
}

/** Creates or edits an event in a dialog; times are the nest's wall-clock times. */
export function EventDialog({
  open,
  event,
  timeZone,
  onOpenChange,
}: {
  open: boolean;
  event?: NestEvent;
  timeZone: string;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('events');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>
          {event ? t('dialog.editTitle', { title: event.title }) : t('dialog.createTitle')}
        </DialogTitle>
        <DialogDescription>{t('dialog.intro', { timeZone })}</DialogDescription>
        {open ? <EventForm event={event} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EventForm({ event, onDone }: { event?: NestEvent; onDone: () => void }) {
  const { t } = useTranslation('events');
  const errorMessage = useApiErrorMessage();
  const offers = useEventOffers();
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const [values, setValues] = useState<FormValues>(() => (event ? formOf(event) : emptyForm));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const sending = create.isPending || update.isPending;
  const form = useRef<HTMLFormElement>(null);
  const [attempts, setAttempts] = useState(0);

  // After a refused submit, the first field in error takes the focus (keyboard and screen readers).
  useEffect(() => {
    if (attempts === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);

  function change(patch: Partial<FormValues>) {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as FieldName];
      return next;
    });
  }

  function localCheck(): Partial<Record<FieldName, string>> {
    const found: Partial<Record<FieldName, string>> = {};
    if (!values.title.trim()) found.title = t('errors.required');
    if (!values.starts_local) found.starts_local = t('errors.required');
    if (!values.ends_local) found.ends_local = t('errors.required');
    if (values.starts_local && values.ends_local && values.ends_local <= values.starts_local) {
      found.ends_local = t('errors.endBeforeStart');
    }
    if (values.offer_ids.length === 0) found.offer_ids = t('errors.noOffer');
    if (values.capacity && !(Number.isInteger(Number(values.capacity)) && Number(values.capacity) >= 1)) {
      found.capacity = t('errors.capacity');
    }
    return found;
  }

  function failed(error: unknown) {
    const fields: Partial<Record<FieldName, string>> = {};
    let unplaced = !isApiError(error) || (error.problem.errors ?? []).length === 0;
    if (isApiError(error)) {
      for (const item of error.problem.errors ?? []) {
        const name = item.field.split('.')[0] as FieldName;
        if (name in emptyForm) fields[name] ??= item.message;
        else unplaced = true;
      }
    }
    setErrors(fields);
    if (unplaced) setFormError(errorMessage(error));
    else setAttempts((n) => n + 1);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const found = localCheck();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAttempts((n) => n + 1);
      return;
    }
    const body: CreateEventBody = {
      title: values.title.trim(),
      description: values.description.trim() || null,
      starts_local: values.starts_local,
      ends_local: values.ends_local,
      place: values.place.trim() || null,
      capacity: values.capacity ? Number(values.capacity) : null,
      offer_ids: values.offer_ids,
      guests_allowed: values.guests_allowed,
      registration_deadline_local: values.registration_deadline_local || null,
    };
    if (event) {
      update.mutate(
        { id: event.id, body },
        {
          onSuccess: (saved) => {
            toast.success(t('toasts.saved', { title: saved.title }));
            onDone();
          },
          onError: failed,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (saved) => {
          toast.success(t('toasts.created', { title: saved.title }));
          onDone();
        },
        onError: failed,
      });
    }
  }

  const offerList = offers.data?.items ?? [];
  return (
    <form ref={form} noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
      <Field label={t('form.title')} error={errors.title}>
        {(control) => (
          <Input
            {...control}
            value={values.title}
            maxLength={120}
            onChange={(e) => change({ title: e.target.value })}
          />
        )}
      </Field>
      <Field label={t('form.description')} labelSuffix={t('form.optional')} error={errors.description}>
        {(control) => (
          <Textarea
            {...control}
            value={values.description}
            maxLength={2000}
            onChange={(e) => change({ description: e.target.value })}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('form.starts')} error={errors.starts_local}>
          {(control) => (
            <Input
              {...control}
              type="datetime-local"
              value={values.starts_local}
              onChange={(e) => change({ starts_local: e.target.value.slice(0, 16) })}
            />
          )}
        </Field>
        <Field label={t('form.ends')} error={errors.ends_local}>
          {(control) => (
            <Input
              {...control}
              type="datetime-local"
              value={values.ends_local}
              onChange={(e) => change({ ends_local: e.target.value.slice(0, 16) })}
            />
          )}
        </Field>
      </div>
      <Field label={t('form.place')} labelSuffix={t('form.optional')} error={errors.place}>
        {(control) => (
          <Input
            {...control}
            value={values.place}
            maxLength={200}
            onChange={(e) => change({ place: e.target.value })}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('form.capacity')}
          labelSuffix={t('form.optional')}
          hint={t('form.capacityHint')}
          error={errors.capacity}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              value={values.capacity}
              onChange={(e) => change({ capacity: e.target.value })}
            />
          )}
        </Field>
        <Field
          label={t('form.deadline')}
          labelSuffix={t('form.optional')}
          hint={t('form.deadlineHint')}
          error={errors.registration_deadline_local}
        >
          {(control) => (
            <Input
              {...control}
              type="datetime-local"
              value={values.registration_deadline_local}
              onChange={(e) => change({ registration_deadline_local: e.target.value.slice(0, 16) })}
            />
          )}
        </Field>
      </div>
      <fieldset aria-describedby={errors.offer_ids ? 'event-offers-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('form.offers')}</legend>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('form.offersHint')}</p>
        {offers.isPending ? <p className="mt-2 text-sm text-slate-500">{t('form.offersLoading')}</p> : null}
        {offers.isSuccess && offerList.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('form.noOffers')}</p>
        ) : null}
        <ul className="mt-2 flex flex-col gap-2">
          {offerList.map((offer) => (
            <li key={offer.id}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={values.offer_ids.includes(offer.id)}
                  onChange={(e) =>
                    change({
                      offer_ids: e.target.checked
                        ? [...values.offer_ids, offer.id]
                        : values.offer_ids.filter((id) => id !== offer.id),
                    })
                  }
                />
                {offer.name}
              </label>
            </li>
          ))}
        </ul>
        {errors.offer_ids ? (
          <p id="event-offers-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
            {errors.offer_ids}
          </p>
        ) : null}
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={values.guests_allowed}
          onChange={(e) => change({ guests_allowed: e.target.checked })}
        />
        {t('form.guests')}
      </label>
      <FormMessage tone="error" message={formError ?? undefined} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" type="button">
            {t('form.close')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={sending}>
          {event ? t('form.save') : t('form.create')}
        </Button>
      </DialogFooter>
    </form>
  );
}
