import type { Locale } from '@nest/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sandboxAccounts, sandboxCheckoutSessions, sandboxInvoices } from '../../../db/schema/index.js';
import { requestLocale } from '../../../lib/i18n.js';
import { completeOnboarding, findAccount, isValidIban, linkIsValid } from '../accounts.js';
import { type CompleteOutcome, completeSubscriptionSession } from '../checkout.js';
import { sandboxNow } from '../clock.js';
import type { SandboxDeps } from '../context.js';
import { type DeliveryDeps, deliverPendingEvents } from '../deliver-events.js';
import { completeSetupSession } from '../setup-session.js';
import { readCard } from '../test-cards.js';
import type { SandboxSessionRow } from '../to-port.js';
import { type CardFormValues, renderCardPage, renderSessionOver } from './card-page.js';
import { renderConnectPage, renderLinkExpired } from './connect-page.js';
import { pageMessages } from './messages.js';

type Form = Record<string, string | undefined>;

function sendPage(reply: FastifyReply, status: number, body: string) {
  // The app's default Referrer-Policy (no-referrer) makes a browser send `Origin: null` with a form
  // POST, which the CSRF check refuses: these pages' forms must carry their own (same) origin.
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'same-origin')
    .type('text/html; charset=utf-8')
    .send(body);
}

/**
 * The sandbox's hosted pages, served by the API as plain HTML forms (no JavaScript): the checkout
 * page, the card page used to recover an unpaid plan, and the payout onboarding page. They stand in
 * for Stripe's hosted pages and are only mounted when the sandbox is the provider.
 */
export const sandboxPages: FastifyPluginAsync<{ deps: SandboxDeps; delivery: DeliveryDeps }> = async (
  app,
  { deps, delivery },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const findSession = async (id: string, mode: SandboxSessionRow['mode']) => {
    const [session] = await deps.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(and(eq(sandboxCheckoutSessions.id, id), eq(sandboxCheckoutSessions.mode, mode)));
    return session;
  };
  const isOpen = async (session: SandboxSessionRow) =>
    session.status === 'open' &&
    session.expiresAt.getTime() > (await sandboxNow(deps.db, session.ownerId)).getTime();
  const unpaidCents = async (session: SandboxSessionRow) => {
    if (!session.subscriptionId) return 0;
    const [row] = await deps.db
      .select({ cents: sql<string>`coalesce(sum(${sandboxInvoices.amountDueCents}), 0)` })
      .from(sandboxInvoices)
      .where(
        and(eq(sandboxInvoices.subscriptionId, session.subscriptionId), eq(sandboxInvoices.status, 'open')),
      );
    return Number(row?.cents ?? 0);
  };

  const cardPage = (mode: SandboxSessionRow['mode'], path: 'checkout' | 'pay') => {
    const complete = mode === 'subscription' ? completeSubscriptionSession : completeSetupSession;
    const render = async (
      locale: Locale,
      session: SandboxSessionRow,
      errors: string[] = [],
      values: CardFormValues = {},
    ) =>
      renderCardPage(locale, session, {
        action: `/sandbox/${path}/${encodeURIComponent(session.id)}`,
        errors,
        values,
        unpaidCents: mode === 'setup' ? await unpaidCents(session) : 0,
      });

    app.get<{ Params: { id: string } }>(
      `/sandbox/${path}/:id`,
      { schema: { hide: true } },
      async (request, reply) => {
        const locale = requestLocale(request);
        const session = await findSession(request.params.id, mode);
        if (!session) return sendPage(reply, 404, renderSessionOver(locale, undefined));
        if (!(await isOpen(session))) return sendPage(reply, 410, renderSessionOver(locale, session));
        return sendPage(reply, 200, await render(locale, session));
      },
    );

    app.post<{ Params: { id: string }; Body: Form }>(
      `/sandbox/${path}/:id`,
      { schema: { hide: true } },
      async (request, reply) => {
        const locale = requestLocale(request);
        const m = pageMessages[locale];
        const session = await findSession(request.params.id, mode);
        if (!session) return sendPage(reply, 404, renderSessionOver(locale, undefined));
        const form = (request.body ?? {}) as Form;
        const values = { expiry: form.card_expiry ?? '', name: form.card_name ?? '' };
        const now = await sandboxNow(deps.db, session.ownerId);
        const read = readCard(
          { number: form.card_number, expiry: form.card_expiry, cvc: form.card_cvc, name: form.card_name },
          now,
        );
        if (!read.card) {
          const errors = read.problems.map((p) => m.problems[p.problem]);
          return sendPage(reply, 422, await render(locale, session, errors, values));
        }
        const card = read.card;
        const outcome: CompleteOutcome = await deps.db.transaction((tx) =>
          complete(deps, tx, session.id, card, now),
        );
        if (!outcome.ok && outcome.reason === 'declined') {
          return sendPage(reply, 402, await render(locale, session, [m.declined[outcome.code]], values));
        }
        if (!outcome.ok) {
          const [current] = await deps.db
            .select()
            .from(sandboxCheckoutSessions)
            .where(eq(sandboxCheckoutSessions.id, session.id));
          return sendPage(reply, 410, renderSessionOver(locale, current));
        }
        // Like Stripe's redirect racing its webhook, but here the events are usually in first.
        await deliverPendingEvents(delivery, session.ownerId);
        return reply.redirect(outcome.session.successUrl, 303);
      },
    );
  };
  cardPage('subscription', 'checkout');
  cardPage('setup', 'pay');

  app.get<{ Params: { accountId: string }; Querystring: { link?: string } }>(
    '/sandbox/connect/:accountId',
    { schema: { hide: true } },
    async (request, reply) => {
      const locale = requestLocale(request);
      const account = await findAccount(deps.db, request.params.accountId);
      if (!account) return sendPage(reply, 404, renderLinkExpired(locale));
      const token = typeof request.query.link === 'string' ? request.query.link : undefined;
      if (!linkIsValid(account, token, await sandboxNow(deps.db, account.ownerId))) {
        // The refresh address was set by our server when the link was made, never taken from the URL.
        if (account.linkRefreshUrl) return reply.redirect(account.linkRefreshUrl, 303);
        return sendPage(reply, 410, renderLinkExpired(locale));
      }
      const action = `/sandbox/connect/${encodeURIComponent(account.id)}?link=${encodeURIComponent(token!)}`;
      return sendPage(reply, 200, renderConnectPage(locale, account, { action }));
    },
  );

  app.post<{ Params: { accountId: string }; Querystring: { link?: string }; Body: Form }>(
    '/sandbox/connect/:accountId',
    { schema: { hide: true } },
    async (request, reply) => {
      const locale = requestLocale(request);
      const m = pageMessages[locale];
      const account = await findAccount(deps.db, request.params.accountId);
      if (!account) return sendPage(reply, 404, renderLinkExpired(locale));
      const token = typeof request.query.link === 'string' ? request.query.link : undefined;
      const now = await sandboxNow(deps.db, account.ownerId);
      if (!linkIsValid(account, token, now)) {
        if (account.linkRefreshUrl) return reply.redirect(account.linkRefreshUrl, 303);
        return sendPage(reply, 410, renderLinkExpired(locale));
      }
      const form = (request.body ?? {}) as Form;
      const businessName = (form.business_name ?? '').trim();
      const iban = form.iban ?? '';
      const errors = [
        ...(businessName.length === 0 || businessName.length > 100 ? [m.missingBusinessName] : []),
        ...(isValidIban(iban) ? [] : [m.invalidIban]),
      ];
      if (errors.length > 0) {
        const action = `/sandbox/connect/${encodeURIComponent(account.id)}?link=${encodeURIComponent(token!)}`;
        return sendPage(
          reply,
          422,
          renderConnectPage(locale, account, { action, errors, values: { businessName, iban } }),
        );
      }
      const returnUrl = account.linkReturnUrl!;
      // The link is spent by the first submission: a second one (double click) finds it used.
      const completed = await deps.db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(sandboxAccounts)
          .where(eq(sandboxAccounts.id, account.id))
          .for('update');
        if (!locked || !linkIsValid(locked, token, now)) return false;
        await completeOnboarding(deps, tx, locked, { businessName, iban }, now);
        return true;
      });
      if (completed) await deliverPendingEvents(delivery, account.ownerId);
      return reply.redirect(returnUrl, 303);
    },
  );
};
