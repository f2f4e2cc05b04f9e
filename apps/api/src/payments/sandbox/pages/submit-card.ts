import type { Locale } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { sandboxCheckoutSessions } from '../../../db/schema/index.js';
import type { CompleteOutcome } from '../checkout.js';
import { sandboxNow } from '../clock.js';
import type { SandboxDeps } from '../context.js';
import { type DeliveryDeps, deliverPendingEvents } from '../deliver-events.js';
import { isTestCardNumber, readCard, type SandboxCard } from '../test-cards.js';
import type { SandboxSessionRow } from '../to-port.js';
import { type CardFormValues, renderSessionOver } from './card-page.js';
import { pageMessages } from './messages.js';
import { type PageAnswer, page } from './page-answer.js';

export type Form = Record<string, string | undefined>;

export interface CardSubmission {
  locale: Locale;
  session: SandboxSessionRow;
  form: Form;
  /** Completes the session in the transaction: subscription checkout or setup (card update). */
  complete: (
    deps: SandboxDeps,
    tx: Tx,
    sessionId: string,
    card: SandboxCard,
    now: Date,
  ) => Promise<CompleteOutcome>;
  render: (
    locale: Locale,
    session: SandboxSessionRow,
    errors?: string[],
    values?: CardFormValues,
  ) => Promise<string>;
}

/**
 * A card typed on the sandbox's checkout or card page: read as Stripe's test cards behave, then the
 * session is completed (or the card declined) and the events it made are delivered before the redirect.
 */
export async function submitCard(
  deps: SandboxDeps,
  delivery: DeliveryDeps,
  input: CardSubmission,
): Promise<PageAnswer> {
  const { locale, session, form } = input;
  const m = pageMessages[locale];
  // What was typed comes back on an error; the number and CVC only for a published test card.
  const values: CardFormValues = { expiry: form.card_expiry ?? '', name: form.card_name ?? '' };
  if (isTestCardNumber(form.card_number)) {
    values.number = form.card_number ?? '';
    values.cvc = form.card_cvc ?? '';
  }
  const now = await sandboxNow(deps.db, session.ownerId);
  const read = readCard(
    { number: form.card_number, expiry: form.card_expiry, cvc: form.card_cvc, name: form.card_name },
    now,
  );
  if (!read.card) {
    const errors = read.problems.map((p) => m.problems[p.problem]);
    return page(422, await input.render(locale, session, errors, values));
  }
  const card = read.card;
  const outcome = await deps.db.transaction((tx) => input.complete(deps, tx, session.id, card, now));
  if (!outcome.ok && outcome.reason === 'declined') {
    return page(402, await input.render(locale, session, [m.declined[outcome.code]], values));
  }
  if (!outcome.ok) {
    const [current] = await deps.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, session.id));
    return page(410, renderSessionOver(locale, current));
  }
  // Like Stripe's redirect racing its webhook, but here the events are usually in first.
  await deliverPendingEvents(delivery, session.ownerId);
  return { redirect: outcome.session.successUrl };
}
