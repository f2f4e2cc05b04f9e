import { LINK_LABEL_MAX_LENGTH } from '@nest/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input, Select } from '@/components/ui/field';
import { isApiError } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useCreateLink } from '../api/create-link';
import { useActiveOffers } from '../api/get-active-offers';

const suggestions = ['counter', 'window', 'flyer', 'instagram'] as const;
/** Refusals of POST /links the merchant can act on; anything else is a generic failure. */
const knownRefusals = ['offer_archived', 'link_limit_reached'] as const;

/** Create a link for one active offer, labelled with the place it will be used. */
export function CreateLinkForm() {
  const { t } = useTranslation('links');
  const offers = useActiveOffers();
  const createLink = useCreateLink();
  const listId = useId();
  const [offerId, setOfferId] = useState('');
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<{ offer?: string; label?: string; form?: string }>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = label.trim();
    const found = {
      offer: offerId ? undefined : t('create.missingOffer'),
      label: !trimmed
        ? t('create.missingLabel')
        : trimmed.length > LINK_LABEL_MAX_LENGTH
          ? t('create.tooLong', { max: LINK_LABEL_MAX_LENGTH })
          : undefined,
    };
    setErrors(found);
    if (found.offer || found.label) return;
    try {
      await createLink.mutateAsync({ offer_id: offerId, label: trimmed });
      setLabel('');
      toast.success(t('create.created'));
    } catch (error) {
      const code = isApiError(error) ? error.code : '';
      const known = knownRefusals.find((refusal) => refusal === code);
      setErrors({ form: known ? t(`create.${known}`) : t('create.failed') });
    }
  }

  const items = offers.data?.items ?? [];
  return (
    <Card title={t('create.title')}>
      {offers.isSuccess && items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t('create.noOffers')}</p>
      ) : (
        <form
          noValidate
          onSubmit={submit}
          className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        >
          <Field label={t('create.offer')} error={errors.offer}>
            {(control) => (
              <Select
                {...control}
                name="offer"
                value={offerId}
                onChange={(event) => setOfferId(event.target.value)}
              >
                <option value="">{t('create.chooseOffer')}</option>
                {items.map((offer) => (
                  <option key={offer.id} value={offer.id}>
                    {offer.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('create.label')} hint={t('create.labelHint')} error={errors.label}>
            {(control) => (
              <Input
                {...control}
                name="label"
                list={listId}
                maxLength={LINK_LABEL_MAX_LENGTH}
                value={label}
                onChange={(event) => setLabel(event.target.value)}
              />
            )}
          </Field>
          <datalist id={listId}>
            {suggestions.map((key) => (
              <option key={key} value={t(`create.suggestions.${key}`)} />
            ))}
          </datalist>
          <Button type="submit" className="sm:mt-6.5" disabled={createLink.isPending}>
            {createLink.isPending ? t('create.submitting') : t('create.submit')}
          </Button>
          {errors.form ? (
            <p role="alert" className="text-sm text-red-700 sm:col-span-3 dark:text-red-400">
              {errors.form}
            </p>
          ) : null}
        </form>
      )}
    </Card>
  );
}
