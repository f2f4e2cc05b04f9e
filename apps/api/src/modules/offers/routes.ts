import { randomUUID } from 'node:crypto';
import {
  createOfferBodySchema,
  idempotencyHeadersSchema,
  listOffersQuerySchema,
  offerIdParamsSchema,
  offerPageSchema,
  offerSchema,
  updateOfferBodySchema,
} from '@nest/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../lib/i18n.js';
import { merchantId, requireOwnNest } from '../../plugins/auth.js';
import { createOffer } from './create-offer.js';
import { registerPriceDeactivation } from './deactivate-price-job.js';
import { registerProviderObjectsDiscard } from './discard-provider-objects.js';
import { listOffers } from './list-offers.js';
import { findOwnOffer, loadOffer } from './load-offers.js';
import { toOfferView } from './offer-view.js';
import { setOfferStatus } from './set-offer-status.js';
import { updateOffer } from './update-offer.js';

/** The nest's offers (the screens' "prices"): list, create, edit, archive, restore. */
export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireMerchant);
  registerPriceDeactivation(app.jobs, () => app.payments);
  registerProviderObjectsDiscard(app.jobs, () => ({ db: app.db, provider: app.payments }));

  const security = [{ merchantSession: [] }];

  async function ownOffer(request: FastifyRequest, offerId: string) {
    const nest = await requireOwnNest(request, 'me', 'nest_required');
    return findOwnOffer(app.db, nest.id, offerId);
  }

  app.get(
    '/offers',
    {
      schema: {
        tags: ['offers'],
        summary: 'The nest’s offers, newest first, a page at a time',
        security,
        querystring: listOffersQuerySchema,
        response: { 200: offerPageSchema },
      },
    },
    async (request) => {
      const nest = await requireOwnNest(request, 'me', 'nest_required');
      const page = await listOffers(app.db, nest.id, request.query);
      return { items: page.items.map(toOfferView), next_cursor: page.nextCursor };
    },
  );

  app.post(
    '/offers',
    {
      schema: {
        tags: ['offers'],
        summary: 'Create an offer',
        description:
          'Send an Idempotency-Key header to retry safely: the same key never makes a second offer or second provider objects, and answers the offer it made (200 instead of 201). A reward rule needs the Pro plan (403 plan_required).',
        security,
        headers: idempotencyHeadersSchema,
        body: createOfferBodySchema,
        response: { 200: offerSchema, 201: offerSchema },
      },
    },
    async (request, reply) => {
      const nest = await requireOwnNest(request, 'me', 'nest_required');
      const { offer, created } = await createOffer(
        { db: app.db, provider: app.payments, jobs: app.jobs },
        {
          nest,
          body: request.body,
          requestKey: request.headers['idempotency-key'] ?? randomUUID(),
        },
      );
      if (created) request.log.info({ offerId: offer.offer.id }, 'offer created');
      return reply.status(created ? 201 : 200).send(toOfferView(offer));
    },
  );

  app.get(
    '/offers/:id',
    {
      schema: {
        tags: ['offers'],
        summary: 'One offer with its price versions and their subscribers',
        security,
        params: offerIdParamsSchema,
        response: { 200: offerSchema },
      },
    },
    async (request) => toOfferView(await loadOffer(app.db, await ownOffer(request, request.params.id))),
  );

  app.patch(
    '/offers/:id',
    {
      schema: {
        tags: ['offers'],
        summary: 'Edit an offer',
        description:
          'A new amount, interval or interval count on a price that has subscribers makes a new version for new subscribers; existing subscribers keep theirs. A concurrent edit answers 409.',
        security,
        params: offerIdParamsSchema,
        body: updateOfferBodySchema,
        response: { 200: offerSchema },
      },
    },
    async (request) => {
      const offer = await ownOffer(request, request.params.id);
      const updated = await updateOffer(
        { db: app.db, provider: app.payments, jobs: app.jobs },
        { offer, ownerId: merchantId(request), body: request.body, locale: requestLocale(request) },
      );
      // Its links' public pages show the new price and text at once (this process; others within 1 s).
      app.publicLinks.cache.forNest(offer.nestId);
      return toOfferView(updated);
    },
  );

  for (const [action, status] of [
    ['archive', 'archived'],
    ['restore', 'active'],
  ] as const) {
    app.post(
      `/offers/:id/${action}`,
      {
        schema: {
          tags: ['offers'],
          summary:
            action === 'archive'
              ? 'Archive an offer: no new subscribers, existing ones keep renewing'
              : 'Restore an archived offer',
          security,
          params: offerIdParamsSchema,
          response: { 200: offerSchema },
        },
      },
      async (request) => {
        const offer = await ownOffer(request, request.params.id);
        const updated = await setOfferStatus(app.db, app.payments, offer, status);
        app.publicLinks.cache.forNest(offer.nestId);
        return toOfferView(updated);
      },
    );
  }
};
