import type { CustomerEvent } from '@nest/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { toast } from '@/lib/toast';
import { useCancelRegistration, useCustomerEvents, useRegisterForEvent } from '../api/customer-events';
import { useDateTime, useEventWhen } from '../lib/format';

/**
 * The customer area's events: upcoming events their subscriptions give access to, with places left,
 * register (with a guest where allowed) and cancel in one click each. Nothing shows without events.
 */
export function CustomerEvents() {
  const { t } = useTranslation('events');
  const events = useCustomerEvents();
  const items = events.data?.items ?? [];
  if (events.isError) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {t('customer.failed')}
      </p>
    );
  }
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="customer-events-title" className="flex flex-col gap-3">
      <h2 id="customer-events-title" className="text-lg font-semibold tracking-tight">
        {t('customer.title')}
      </h2>
      <ul className="flex flex-col gap-3">
        {items.map((event) => (
          <CustomerEventCard key={event.id} event={event} />
        ))}
      </ul>
    </section>
  );
}

function CustomerEventCard({ event }: { event: CustomerEvent }) {
  const { t } = useTranslation('events');
  const when = useEventWhen();
  const dateTime = useDateTime();
  const errorMessage = useApiErrorMessage();
  const register = useRegisterForEvent();
  const cancel = useCancelRegistration();
  const [guest, setGuest] = useState(false);
  const registration = event.registration;
  const headingId = `customer-event-${event.id}`;
  const busy = register.isPending || cancel.isPending;
  return (
    <li
      aria-labelledby={headingId}
      data-testid="customer-event"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">
        {event.nest.name}
      </p>
      <h3 id={headingId} className="text-lg font-semibold">
        {event.title}
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-200">{when(event)}</p>
      {event.place ? <p className="text-sm text-slate-600 dark:text-slate-300">{event.place}</p> : null}
      {event.description ? (
        <p className="mt-2 whitespace-pre-line text-sm text-slate-600 dark:text-slate-300">
          {event.description}
        </p>
      ) : null}
      <p className="mt-2 text-sm font-medium" data-testid="places-left">
        {event.places_left === null
          ? t('customer.noLimit')
          : event.places_left === 0
            ? t('customer.full')
            : t('customer.placesLeft', { count: event.places_left })}
      </p>
      {registration ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-emerald-50 p-3 dark:bg-emerald-950">
          <p role="status" className="font-medium text-emerald-900 dark:text-emerald-100">
            {registration.guests > 0 ? t('customer.registeredWithGuest') : t('customer.registered')}
          </p>
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() =>
              cancel.mutate(registration.id, {
                onSuccess: () => toast.success(t('customer.cancelled', { title: event.title })),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            {t('customer.cancel')}
          </Button>
        </div>
      ) : !event.eligible ? (
        <p className="mt-3 text-sm text-amber-800 dark:text-amber-200">{t('customer.notEligible')}</p>
      ) : event.registration_open ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {event.guests_allowed ? (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={guest}
                onChange={(e) => setGuest(e.target.checked)}
              />
              {t('customer.bringGuest')}
            </label>
          ) : null}
          <Button
            disabled={busy}
            onClick={() =>
              register.mutate(
                { id: event.id, guests: guest ? 1 : 0 },
                {
                  onSuccess: () => toast.success(t('customer.done', { title: event.title })),
                  onError: (error) => toast.error(errorMessage(error)),
                },
              )
            }
          >
            {t('customer.register')}
          </Button>
          {event.registration_deadline ? (
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {t('customer.deadline', {
                date: dateTime(event.registration_deadline, event.time_zone),
              })}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t('customer.closed')}</p>
      )}
    </li>
  );
}

/** On a subscription's card: the upcoming events it is registered for through this subscription. */
export function RegistrationsOnCard({ subscriptionId }: { subscriptionId: string }) {
  const { t } = useTranslation('events');
  const when = useEventWhen();
  const events = useCustomerEvents();
  const registered = (events.data?.items ?? []).filter(
    (e) => e.registration && e.subscription_ids.includes(subscriptionId),
  );
  if (registered.length === 0) return null;
  return (
    <div className="rounded-xl bg-brand-50 p-3 dark:bg-brand-950" data-testid="card-registrations">
      <p className="text-sm font-semibold">{t('customer.onCard')}</p>
      <ul className="mt-1 flex flex-col gap-1 text-sm">
        {registered.map((e) => (
          <li key={e.id}>
            <span className="font-medium">{e.title}</span> · {when(e)}
          </li>
        ))}
      </ul>
    </div>
  );
}
