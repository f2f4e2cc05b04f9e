import { useLinkWords } from '../lib/link-words';
import type { Refusal } from '../lib/refusal';

/** A polite explanation of why subscribing is not possible right now, in the visitor's language. */
export function RefusalNotice({ refusal, nestName }: { refusal: Refusal; nestName: string }) {
  const { t } = useLinkWords();
  return (
    <div
      role="status"
      data-refusal={refusal}
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      {refusal === 'price_changed' ? null : <p className="font-semibold">{t('refusal.title')}</p>}
      <p className={refusal === 'price_changed' ? undefined : 'mt-1'}>
        {t(`refusal.${refusal}`, { nest: nestName })}
      </p>
    </div>
  );
}
