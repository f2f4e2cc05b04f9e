import {
  type CreatedWebhookEndpoint,
  dateTimeFormat,
  type Locale,
  type WebhookEndpoint,
  type WebhookEventType,
  webhookEventTypes,
} from '@nest/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { ShownOnce } from '@/components/ui/shown-once';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { toast } from '@/lib/toast';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useReplayDelivery,
  useSendTestEvent,
  useUpdateWebhookEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/webhooks';

/** An event type's key in the `webhooks` words (`check_in.recorded` → `check_in_recorded`). */
type EventKey = keyof typeof import('@/locales/en-US/webhooks.json')['events'];

/** The merchant's outgoing webhooks on the account page (ADR 176): endpoints, secret shown once, log. */
export function WebhooksPanel() {
  const { t } = useTranslation('webhooks');
  const endpoints = useWebhookEndpoints();
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  if (!endpoints.data) return null;
  const { enabled } = endpoints.data;
  if (!enabled && endpoints.data.endpoints.length === 0) return null;
  return (
    <Card id="webhooks" title={t('title')} description={t('intro')}>
      {created ? (
        <ShownOnce
          label={t('secret.label', { url: created.url })}
          value={created.secret}
          warning={t('secret.warning')}
          onDone={() => setCreated(null)}
          words={{ copy: t('secret.copy'), copied: t('secret.copied'), done: t('secret.done') }}
        />
      ) : enabled ? (
        <CreateEndpointForm onCreated={setCreated} />
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-200">{t('disabledPlan')}</p>
      )}
      {endpoints.data.endpoints.length > 0 ? (
        <ul className="mt-6 flex flex-col gap-4">
          {endpoints.data.endpoints.map((endpoint) => (
            <EndpointItem key={endpoint.id} endpoint={endpoint} planEnabled={enabled} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

function CreateEndpointForm({ onCreated }: { onCreated: (endpoint: CreatedWebhookEndpoint) => void }) {
  const { t } = useTranslation('webhooks');
  const errorMessage = useApiErrorMessage();
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState<Set<WebhookEventType>>(() => new Set(webhookEventTypes));
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return setError(t('form.urlRequired'));
    const eventTypes = webhookEventTypes.filter((type) => types.has(type));
    if (eventTypes.length === 0) return setError(t('form.typesRequired'));
    setError(null);
    create.mutate(
      { url: url.trim(), event_types: eventTypes },
      {
        onSuccess: (endpoint) => {
          setUrl('');
          onCreated(endpoint);
          toast.success(t('created'));
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label={t('form.url')} hint={t('form.urlHint')} error={error}>
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            placeholder="https://example.com/nest-webhooks"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        )}
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('form.types')}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {webhookEventTypes.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={types.has(type)}
                onChange={(e) =>
                  setTypes((current) => {
                    const next = new Set(current);
                    if (e.target.checked) next.add(type);
                    else next.delete(type);
                    return next;
                  })
                }
              />
              {t(`events.${type.replace('.', '_') as EventKey}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {t('form.submit')}
        </Button>
      </div>
    </form>
  );
}

function EndpointItem({ endpoint, planEnabled }: { endpoint: WebhookEndpoint; planEnabled: boolean }) {
  const { t } = useTranslation('webhooks');
  const errorMessage = useApiErrorMessage();
  const [open, setOpen] = useState(false);
  const sendTest = useSendTestEvent(endpoint.id);
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const active = endpoint.status === 'enabled';
  return (
    <li className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-mono text-sm break-all">{endpoint.url}</p>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
            {active ? t('status.enabled') : t(`status.disabled_${endpoint.disabled_reason ?? 'merchant'}`)} ·{' '}
            {t('eventsCount', { count: endpoint.event_types.length })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {planEnabled && active ? (
            <Button
              size="sm"
              variant="secondary"
              disabled={sendTest.isPending}
              onClick={() =>
                sendTest.mutate(undefined, {
                  onSuccess: () => {
                    setOpen(true);
                    toast.success(t('test.sent'));
                  },
                  onError: (e) => toast.error(errorMessage(e)),
                })
              }
            >
              {t('test.send')}
            </Button>
          ) : null}
          <Button size="sm" variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t('log.hide') : t('log.show')}
          </Button>
          {planEnabled ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() =>
                update.mutate(
                  { id: endpoint.id, enabled: !active },
                  { onError: (e) => toast.error(errorMessage(e)) },
                )
              }
            >
              {active ? t('actions.disable') : t('actions.enable')}
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            onClick={() =>
              remove.mutate(endpoint.id, {
                onSuccess: () => toast.success(t('actions.deleted')),
                onError: (e) => toast.error(errorMessage(e)),
              })
            }
          >
            {t('actions.delete')}
          </Button>
        </div>
      </div>
      {open ? <DeliveryLog endpointId={endpoint.id} canReplay={planEnabled && active} /> : null}
    </li>
  );
}

function DeliveryLog({ endpointId, canReplay }: { endpointId: string; canReplay: boolean }) {
  const { t, i18n } = useTranslation('webhooks');
  const locale = (i18n.resolvedLanguage ?? i18n.language) as Locale;
  const errorMessage = useApiErrorMessage();
  const deliveries = useWebhookDeliveries(endpointId);
  const replay = useReplayDelivery(endpointId);
  const when = (value: string) =>
    dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(value));
  if (!deliveries.data) return null;
  if (deliveries.data.length === 0)
    return <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">{t('log.empty')}</p>;
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('log.caption')}</caption>
        <thead className="text-xs text-slate-500 dark:text-slate-400">
          <tr>
            <th className="py-1 pr-3 font-medium">{t('log.event')}</th>
            <th className="py-1 pr-3 font-medium">{t('log.status')}</th>
            <th className="py-1 pr-3 font-medium">{t('log.attempts')}</th>
            <th className="py-1 pr-3 font-medium">{t('log.response')}</th>
            <th className="py-1 pr-3 font-medium">{t('log.latency')}</th>
            <th className="py-1 pr-3 font-medium">{t('log.when')}</th>
            <th className="py-1">
              <span className="sr-only">{t('log.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {deliveries.data.map((delivery) => (
            <tr key={delivery.id} data-delivery-id={delivery.id}>
              <td className="py-2 pr-3 font-mono text-xs">{delivery.event_type}</td>
              <td className="py-2 pr-3">{t(`deliveryStatus.${delivery.status}`)}</td>
              <td className="py-2 pr-3 tabular-nums">{delivery.attempts}</td>
              <td className="py-2 pr-3 tabular-nums" title={delivery.error ?? undefined}>
                {delivery.response_status ?? (delivery.error ? t('log.noResponse') : '—')}
              </td>
              <td className="py-2 pr-3 tabular-nums">
                {delivery.latency_ms === null ? '—' : t('log.ms', { ms: delivery.latency_ms })}
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">{when(delivery.created_at)}</td>
              <td className="py-2 text-right">
                {canReplay && delivery.status !== 'pending' ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      replay.mutate(delivery.id, {
                        onSuccess: () => toast.success(t('log.replayed')),
                        onError: (e) => toast.error(errorMessage(e)),
                      })
                    }
                  >
                    {t('log.replay')}
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
