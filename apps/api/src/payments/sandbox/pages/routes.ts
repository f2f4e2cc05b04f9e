import type { Locale } from '@nest/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { sandboxCheckoutSessions, sandboxInvoices } from '../../../db/schema/index.js';
import { requestLocale } from '../../../lib/i18n.js';
import { findAccount, linkIsValid } from '../accounts.js';
import { brandingOf } from '../branding.js';
import { completeSubscriptionSession } from '../checkout.js';
import { sandboxNow } from '../clock.js';
import type { SandboxDeps } from '../context.js';
import type { DeliveryDeps } from '../deliver-events.js';
import { completeSetupSession } from '../setup-session.js';
import type { SandboxSessionRow } from '../to-port.js';
import { cardFormScript } from './card-form-script.js';
import {
  CARD_FORM_SCRIPT_PATH,
  type CardFormValues,
  renderCardPage,
  renderSessionOver,
} from './card-page.js';
import { renderConnectPage, renderLinkExpired } from './connect-page.js';
import { page, sendAnswer } from './page-answer.js';
import { type Form, submitCard } from './submit-card.js';
import { connectAction, submitConnect } from './submit-connect.js';

/**
 * The sandbox's hosted pages, served by the API as plain HTML forms that work without JavaScript
 * (the card page's one script only formats and checks what is typed): the checkout
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
        merchantName: session.accountId
          ? ((await findAccount(deps.db, session.accountId))?.businessName ?? null)
          : null,
        branding: brandingOf(session.metadata),
      });

    app.get<{ Params: { id: string } }>(
      `/sandbox/${path}/:id`,
      { schema: { hide: true } },
      async (request, reply) => {
        const locale = requestLocale(request);
        const session = await findSession(request.params.id, mode);
        if (!session) return sendAnswer(reply, page(404, renderSessionOver(locale, undefined)));
        if (!(await isOpen(session))) return sendAnswer(reply, page(410, renderSessionOver(locale, session)));
        return sendAnswer(reply, page(200, await render(locale, session)));
      },
    );

    app.post<{ Params: { id: string }; Body: Form }>(
      `/sandbox/${path}/:id`,
      { schema: { hide: true } },
      async (request, reply) => {
        const locale = requestLocale(request);
        const session = await findSession(request.params.id, mode);
        if (!session) return sendAnswer(reply, page(404, renderSessionOver(locale, undefined)));
        const form = (request.body ?? {}) as Form;
        return sendAnswer(
          reply,
          await submitCard(deps, delivery, { locale, session, form, complete, render }),
        );
      },
    );
  };
  app.get(CARD_FORM_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/javascript; charset=utf-8')
      .send(cardFormScript),
  );

  cardPage('subscription', 'checkout');
  cardPage('setup', 'pay');

  app.get<{ Params: { accountId: string }; Querystring: { link?: string } }>(
    '/sandbox/connect/:accountId',
    { schema: { hide: true } },
    async (request, reply) => {
      const locale = requestLocale(request);
      const account = await findAccount(deps.db, request.params.accountId);
      if (!account) return sendAnswer(reply, page(404, renderLinkExpired(locale)));
      const token = typeof request.query.link === 'string' ? request.query.link : undefined;
      if (!linkIsValid(account, token, await sandboxNow(deps.db, account.ownerId))) {
        // The refresh address was set by our server when the link was made, never taken from the URL.
        if (account.linkRefreshUrl) return reply.redirect(account.linkRefreshUrl, 303);
        return sendAnswer(reply, page(410, renderLinkExpired(locale)));
      }
      return sendAnswer(
        reply,
        page(200, renderConnectPage(locale, account, { action: connectAction(account.id, token!) })),
      );
    },
  );

  app.post<{ Params: { accountId: string }; Querystring: { link?: string }; Body: Form }>(
    '/sandbox/connect/:accountId',
    { schema: { hide: true } },
    async (request, reply) => {
      const answer = await submitConnect(deps, delivery, {
        locale: requestLocale(request),
        accountId: request.params.accountId,
        token: typeof request.query.link === 'string' ? request.query.link : undefined,
        form: (request.body ?? {}) as Form,
      });
      return sendAnswer(reply, answer);
    },
  );
};
