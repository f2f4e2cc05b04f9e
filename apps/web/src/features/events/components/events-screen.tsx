import type { NestEvent } from '@nest/contracts';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { toast } from '@/lib/toast';
import { type EventListWhen, useCancelEvent, useEventDetail, useEvents } from '../api/merchant-events';
import { useDateTime, useEventWhen } from '../lib/format';
import { EventDialog } from './event-dialog';

const tabs: readonly EventListWhen[] = ['upcoming', 'past'];

/**
 * The merchant's events (/admin/app/events): upcoming and past, with registrations and attendance,
 * create, edit and cancel. Without a plan that has events, `upgrade` is shown instead of "New event";
 * events made before a downgrade stay listed and editable.
 */
export function EventsScreen({ canCreate, upgrade }: { canCreate: boolean; upgrade: ReactNode }) {
  const { t } = useTranslation('events');
  const [tab, setTab] = useState<EventListWhen>('upcoming');
  const [dialog, setDialog] = useState<{ open: boolean; event?: NestEvent }>({ open: false });
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  // The nest's zone, which event times are written in (the list says it).
  const timeZone = useEvents('upcoming').data?.time_zone ?? '';

  function onTabKey(event: KeyboardEvent, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    setTab(tabs[next]!);
    tabRefs.current[next]?.focus();
  }

  return (
    <div>
      {canCreate ? null : upgrade}
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div
          role="tablist"
          aria-label={t('list.tabs')}
          className="inline-flex rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
        >
          {tabs.map((when, index) => (
            <button
              key={when}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`events-tab-${when}`}
              aria-selected={tab === when}
              aria-controls={`events-panel-${when}`}
              tabIndex={tab === when ? 0 : -1}
              onClick={() => setTab(when)}
              onKeyDown={(event) => onTabKey(event, index)}
              className={
                tab === when
                  ? 'rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-900 shadow-sm dark:bg-slate-950 dark:text-slate-100'
                  : 'rounded-md px-3 py-1.5 text-sm text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
              }
            >
              {t(`list.${when}`)}
            </button>
          ))}
        </div>
        {canCreate ? <Button onClick={() => setDialog({ open: true })}>{t('list.create')}</Button> : null}
      </div>
      <EventList
        key={tab}
        when={tab}
        canCreate={canCreate}
        onEdit={(event) => setDialog({ open: true, event })}
        onCreate={() => setDialog({ open: true })}
      />
      <EventDialog
        open={dialog.open}
        event={dialog.event}
        timeZone={timeZone}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
    </div>
  );
}

function EventList({
  when,
  canCreate,
  onEdit,
  onCreate,
}: {
  when: EventListWhen;
  canCreate: boolean;
  onEdit: (event: NestEvent) => void;
  onCreate: () => void;
}) {
  const { t } = useTranslation('events');
  const events = useEvents(when);
  const items = events.data?.items ?? [];
  return (
    <section
      id={`events-panel-${when}`}
      role="tabpanel"
      aria-labelledby={`events-tab-${when}`}
      aria-busy={events.isPending || undefined}
    >
      {events.isPending ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('list.loading')}</p>
      ) : null}
      {events.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('list.failed')}
        </p>
      ) : null}
      {events.isSuccess && items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <p className="font-medium">{t(`list.empty.${when}`)}</p>
          {when === 'upcoming' && canCreate ? (
            <Button className="mt-4" onClick={onCreate}>
              {t('list.createFirst')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <ul className="flex flex-col gap-4">
        {items.map((event) => (
          <EventCard key={event.id} event={event} onEdit={() => onEdit(event)} />
        ))}
      </ul>
    </section>
  );
}

function EventCard({ event, onEdit }: { event: NestEvent; onEdit: () => void }) {
  const { t } = useTranslation('events');
  const when = useEventWhen();
  const [showPeople, setShowPeople] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const now = Date.now();
  const started = new Date(event.starts_at).getTime() <= now;
  const ended = new Date(event.ends_at).getTime() <= now;
  const canceled = event.status === 'canceled';
  const headingId = `event-${event.id}-title`;
  return (
    <li
      aria-labelledby={headingId}
      data-testid="event-card"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className={cn('text-lg font-semibold', canceled && 'line-through opacity-70')}>
            {event.title}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">{when(event)}</p>
          {event.place ? <p className="text-sm text-slate-600 dark:text-slate-300">{event.place}</p> : null}
        </div>
        {canceled ? (
          <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
            {t('card.canceled')}
          </span>
        ) : started && !ended ? (
          <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
            {t('card.now')}
          </span>
        ) : null}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t('card.registered')}</dt>
          <dd className="text-base font-semibold" data-testid="event-registrations">
            {event.registrations}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t('card.places')}</dt>
          <dd className="text-base font-semibold">
            {event.capacity === null
              ? t('card.unlimited')
              : t('card.placesLeft', { left: event.places_left, capacity: event.capacity })}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t('card.attended')}</dt>
          <dd className="text-base font-semibold" data-testid="event-attended">
            {event.attended}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t('card.access')}</dt>
          <dd>{event.offers.map((o) => o.name).join(', ')}</dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={showPeople}
          aria-controls={`event-${event.id}-people`}
          onClick={() => setShowPeople((v) => !v)}
        >
          {showPeople ? t('card.hidePeople') : t('card.showPeople')}
        </Button>
        {!canceled && !ended ? (
          <Button variant="secondary" size="sm" onClick={onEdit}>
            {t('card.edit')}
          </Button>
        ) : null}
        {!canceled && !started ? (
          <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
            {t('card.cancel')}
          </Button>
        ) : null}
      </div>
      {showPeople ? <Attendees eventId={event.id} timeZone={event.time_zone} /> : null}
      <CancelEventDialog event={event} open={confirming} onOpenChange={setConfirming} />
    </li>
  );
}

function Attendees({ eventId, timeZone }: { eventId: string; timeZone: string }) {
  const { t } = useTranslation('events');
  const detail = useEventDetail(eventId);
  const dateTime = useDateTime();
  const people = detail.data?.attendees ?? [];
  return (
    <div id={`event-${eventId}-people`} className="mt-4">
      {detail.isPending ? <p className="text-sm text-slate-500">{t('list.loading')}</p> : null}
      {detail.isSuccess && people.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('people.none')}</p>
      ) : null}
      {people.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('people.caption')}</caption>
            <thead className="text-slate-500 dark:text-slate-400">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('people.customer')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('people.guests')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('people.status')}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t('people.came')}
                </th>
              </tr>
            </thead>
            <tbody>
              {people.map((p) => (
                <tr
                  key={p.id}
                  className="border-t border-slate-100 dark:border-slate-800"
                  data-testid="attendee"
                >
                  <td className="py-2 pr-3">
                    <span className="font-medium">{p.customer.name || p.customer.email}</span>
                    {p.customer.name ? (
                      <span className="block text-xs text-slate-500 dark:text-slate-400">
                        {p.customer.email}
                      </span>
                    ) : null}
                  </td>
                  <td className="py-2 pr-3">{p.guests > 0 ? '+1' : '—'}</td>
                  <td className="py-2 pr-3">{t(`people.statuses.${p.status}`)}</td>
                  <td className="py-2">
                    {p.attended_at ? dateTime(p.attended_at, timeZone) : t('people.notYet')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

function CancelEventDialog({
  event,
  open,
  onOpenChange,
}: {
  event: NestEvent;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('events');
  const cancel = useCancelEvent();
  const errorMessage = useApiErrorMessage();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{t('cancelDialog.title', { title: event.title })}</DialogTitle>
        <DialogDescription>{t('cancelDialog.body', { count: event.registrations })}</DialogDescription>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">{t('cancelDialog.keep')}</Button>
          </DialogClose>
          <Button
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(event.id, {
                onSuccess: () => {
                  toast.success(t('toasts.canceled', { title: event.title }));
                  onOpenChange(false);
                },
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            {t('cancelDialog.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
