import {
  type ApiKey,
  type ApiKeyDomain,
  type ApiKeyScope,
  apiKeyDomains,
  type CreatedApiKey,
  dateTimeFormat,
  type Locale,
} from '@nest/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { Field, Input, Select } from '@/components/ui/field';
import { ShownOnce } from '@/components/ui/shown-once';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { toast } from '@/lib/toast';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';

type Access = 'none' | 'read' | 'write';

/** How long a new key lives: never ends, or a number of days from its creation. */
const EXPIRIES = ['never', '30', '90', '365'] as const;
type Expiry = (typeof EXPIRIES)[number];
const DAY_MS = 24 * 60 * 60 * 1000;

interface ApiKeysPanelProps {
  /** What to show a merchant whose plan does not give API access (the upgrade button). */
  upgrade: ReactNode;
}

/** The merchant's API keys on the account page (ADR 175): create (shown once), list, revoke. */
export function ApiKeysPanel({ upgrade }: ApiKeysPanelProps) {
  const { t } = useTranslation('api-keys');
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const enabled = keys.data?.enabled ?? false;
  return (
    <Card id="api-keys" title={t('title')} description={t('intro')}>
      {keys.data && !enabled ? (
        <div className="mb-5 flex flex-col items-start gap-3 rounded-xl bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:bg-slate-800/60">
          <p className="text-sm text-slate-700 dark:text-slate-200">
            {keys.data.api_keys.length > 0 ? t('upgrade.disabled') : t('upgrade.prompt')}
          </p>
          {upgrade}
        </div>
      ) : null}
      {created ? (
        <ShownOnce
          label={t('shownOnce.keyLabel', { name: created.name })}
          value={created.key}
          warning={t('shownOnce.keyWarning')}
          onDone={() => setCreated(null)}
          words={{ copy: t('shownOnce.copy'), copied: t('shownOnce.copied'), done: t('shownOnce.done') }}
        />
      ) : enabled ? (
        <CreateKeyForm onCreated={setCreated} />
      ) : null}
      {keys.data && keys.data.api_keys.length > 0 ? <KeyList keys={keys.data.api_keys} /> : null}
      {keys.data && enabled && keys.data.api_keys.length === 0 && !created ? (
        <p className="mt-5 text-sm text-slate-500 dark:text-slate-400">{t('empty')}</p>
      ) : null}
    </Card>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const { t } = useTranslation('api-keys');
  const errorMessage = useApiErrorMessage();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [access, setAccess] = useState<Record<ApiKeyDomain, Access>>(
    () => Object.fromEntries(apiKeyDomains.map((d) => [d, 'read'])) as Record<ApiKeyDomain, Access>,
  );
  const [expiry, setExpiry] = useState<Expiry>('never');
  const [error, setError] = useState<string | null>(null);
  const scopes = apiKeyDomains.flatMap((d) =>
    access[d] === 'none' ? [] : [`${d}:${access[d]}` as ApiKeyScope],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t('form.nameRequired'));
    if (scopes.length === 0) return setError(t('form.scopesRequired'));
    setError(null);
    const expiresAt =
      expiry === 'never' ? null : new Date(Date.now() + Number(expiry) * DAY_MS).toISOString();
    create.mutate(
      { name: name.trim(), scopes, expires_at: expiresAt },
      {
        onSuccess: (key) => {
          setName('');
          onCreated(key);
          toast.success(t('created'));
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label={t('form.name')} hint={t('form.nameHint')} error={error}>
        {(control) => (
          <Input {...control} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
        )}
      </Field>
      <Field label={t('form.expiry')} hint={t('form.expiryHint')}>
        {(control) => (
          <Select {...control} value={expiry} onChange={(e) => setExpiry(e.target.value as Expiry)}>
            {EXPIRIES.map((value) => (
              <option key={value} value={value}>
                {value === 'never' ? t('form.expiryNever') : t('form.expiryDays', { count: Number(value) })}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('form.scopes')}</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {apiKeyDomains.map((domain) => (
            <Field key={domain} label={t(`domains.${domain}`)}>
              {(control) => (
                <Select
                  {...control}
                  value={access[domain]}
                  onChange={(e) =>
                    setAccess((current) => ({ ...current, [domain]: e.target.value as Access }))
                  }
                >
                  <option value="none">{t('access.none')}</option>
                  <option value="read">{t('access.read')}</option>
                  <option value="write">{t('access.write')}</option>
                </Select>
              )}
            </Field>
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

function KeyList({ keys }: { keys: ApiKey[] }) {
  const { t, i18n } = useTranslation('api-keys');
  const locale = (i18n.resolvedLanguage ?? i18n.language) as Locale;
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useRevokeApiKey();
  const errorMessage = useApiErrorMessage();
  const when = (value: string) =>
    dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
  const scopeLabel = (scope: ApiKeyScope) => {
    const [domain, access] = scope.split(':') as [ApiKeyDomain, 'read' | 'write'];
    return t(access === 'read' ? 'scopes.read' : 'scopes.write', { domain: t(`domains.${domain}`) });
  };
  return (
    <>
      <ul className="mt-6 divide-y divide-slate-200 border-t border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {keys.map((key) => (
          <li
            key={key.id}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-medium">
                {key.name}{' '}
                {key.revoked_at ? (
                  <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                    {t('list.revoked')}
                  </span>
                ) : null}
              </p>
              <p className="font-mono text-xs text-slate-500 dark:text-slate-400">{key.prefix}…</p>
              <p className="text-xs text-slate-600 dark:text-slate-300">
                {key.scopes.map((scope) => scopeLabel(scope)).join(' · ')}
              </p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {t('list.created', { when: when(key.created_at) })} ·{' '}
                {key.last_used_at
                  ? t('list.lastUsed', { when: when(key.last_used_at) })
                  : t('list.neverUsed')}
                {key.expires_at ? ` · ${t('list.expires', { when: when(key.expires_at) })}` : ''}
              </p>
            </div>
            {key.revoked_at ? null : (
              <Button variant="secondary" size="sm" onClick={() => setRevoking(key)}>
                {t('list.revoke')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Dialog open={revoking !== null} onOpenChange={(open) => (open ? null : setRevoking(null))}>
        <DialogContent>
          <DialogTitle>{t('revoke.title', { name: revoking?.name ?? '' })}</DialogTitle>
          <DialogDescription>{t('revoke.body')}</DialogDescription>
          <DialogFooter>
            <Button variant="secondary" onClick={() => setRevoking(null)}>
              {t('revoke.cancel')}
            </Button>
            <Button
              disabled={revoke.isPending}
              onClick={() =>
                revoking &&
                revoke.mutate(revoking.id, {
                  onSuccess: () => {
                    setRevoking(null);
                    toast.success(t('revoke.done'));
                  },
                  onError: (e) => toast.error(errorMessage(e)),
                })
              }
            >
              {t('revoke.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
