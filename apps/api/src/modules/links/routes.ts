import {
  createLinkBodySchema,
  type LinkQrQuery,
  linkIdParamsSchema,
  linkListSchema,
  linkQrQuerySchema,
  linkSchema,
  problemSchema,
  publicLinkParamsSchema,
  publicLinkSchema,
  updateLinkBodySchema,
} from '@nest/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.js';
import { requireOwnNest } from '../../plugins/auth.js';
import { createLink } from './create-link.js';
import { findOwnLink, listLinks } from './find-links.js';
import { QR_PNG_WIDTH, type QrFormat } from './link-qr.js';
import { createLinkQrCache, matchesIfNoneMatch } from './link-qr-cache.js';
import { linkUrl, toLinkView } from './link-view.js';
import { updateLink } from './update-link.js';

const qrTypes: Record<QrFormat, string> = { svg: 'image/svg+xml', png: 'image/png' };

/**
 * Links: the merchant creates, lists, renames and turns off links to their offers and downloads
 * their QR codes; anybody with a link reads its public page (which counts a visit).
 */
export const linkRoutes: FastifyPluginAsyncZod = async (app) => {
  // The cache and the visit counter live on app.publicLinks (public-links.ts), shared with other modules.
  const { visits, cache } = app.publicLinks;
  const qrImages = createLinkQrCache();

  const security = [{ merchantSession: [] }];
  const ownNest = (request: FastifyRequest) => requireOwnNest(request, 'me', 'nest_required');

  app.get(
    '/links',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags: ['links'],
        summary: 'The nest’s links with their offer and counters, newest first',
        security,
        response: { 200: linkListSchema },
      },
    },
    async (request) => {
      const nest = await ownNest(request);
      // This process's latest visits first, so the merchant sees the visit they just made.
      await visits.flush();
      const links = await listLinks(app.db, nest.id);
      return { items: links.map((link) => toLinkView(link, app.config.publicUrl)) };
    },
  );

  app.post(
    '/links',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags: ['links'],
        summary: 'Create a link to one of the nest’s offers, labelled with where it will be used',
        description:
          'The offer must be active (409 offer_archived otherwise). A nest has at most 500 links (409 link_limit_reached).',
        security,
        body: createLinkBodySchema,
        response: { 201: linkSchema },
      },
    },
    async (request, reply) => {
      const nest = await ownNest(request);
      const link = await createLink(app.db, nest, request.body);
      request.log.info({ linkId: link.link.id }, 'link created');
      return reply.status(201).send(toLinkView(link, app.config.publicUrl));
    },
  );

  app.get(
    '/links/:id',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags: ['links'],
        summary: 'One of the nest’s links',
        security,
        params: linkIdParamsSchema,
        response: { 200: linkSchema },
      },
    },
    async (request) => {
      const nest = await ownNest(request);
      await visits.flush();
      return toLinkView(await findOwnLink(app.db, nest.id, request.params.id), app.config.publicUrl);
    },
  );

  app.patch(
    '/links/:id',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags: ['links'],
        summary: 'Rename a link, or turn it off (its page then answers not found) and on',
        security,
        params: linkIdParamsSchema,
        body: updateLinkBodySchema,
        response: { 200: linkSchema },
      },
    },
    async (request) => {
      const nest = await ownNest(request);
      const link = await findOwnLink(app.db, nest.id, request.params.id);
      const updated = await updateLink(app.db, link, request.body);
      // Turned off: its page is not found from now on in this process (others: within a second).
      cache.forLink(updated.link.publicId);
      return toLinkView(updated, app.config.publicUrl);
    },
  );

  for (const format of ['svg', 'png'] as const) {
    app.get(
      `/links/:id/qr.${format}`,
      {
        preHandler: app.requireMerchant,
        schema: {
          tags: ['links'],
          summary: `The QR code of the link’s address, as ${format.toUpperCase()}`,
          description:
            (format === 'png'
              ? 'Error correction M, `size` px wide (1024 unless asked), with the quiet zone.'
              : 'Error correction M, scalable, with the quiet zone.') +
            ' A strong ETag: If-None-Match answers 304 without a body.',
          security,
          params: linkIdParamsSchema,
          ...(format === 'png' ? { querystring: linkQrQuerySchema } : {}),
        },
      },
      async (request, reply) => {
        const nest = await ownNest(request);
        const { link } = await findOwnLink(app.db, nest.id, request.params.id);
        // The SVG scales: it has one drawing whatever is asked.
        const size = format === 'png' ? (request.query as LinkQrQuery).size : QR_PNG_WIDTH;
        const url = linkUrl(app.config.publicUrl, link.publicId);
        const image = await qrImages.get(url, format, size);
        // The merchant's own resource: the browser may keep it, shared caches may not.
        reply.header('etag', image.etag).header('cache-control', 'private, max-age=3600');
        if (matchesIfNoneMatch(request.headers['if-none-match'], image.etag)) {
          return reply.code(304).send();
        }
        return reply
          .type(qrTypes[format])
          .header('content-disposition', `inline; filename="nest-link-${link.publicId}.${format}"`)
          .send(image.body);
      },
    );
  }

  app.get(
    '/public/links/:nestLinkId',
    {
      schema: {
        tags: ['links'],
        summary: 'The public page of a link: the nest, the offer at its current price, and if it is open',
        description:
          'No sign-in. An unknown or turned-off link is a 404 problem (the page shows /links/404). availability says why subscribing is refused, if it is. Each answer counts a visit. A process may answer data up to one second old (PUBLIC_LINK_CACHE_MS); the checkout always checks the current state.',
        params: publicLinkParamsSchema,
        response: { 200: publicLinkSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const view = await app.publicLinks.view(request.params.nestLinkId);
      if (!view) throw notFound();
      // Per visitor and changing (availability, price): never stored by a shared cache.
      reply.header('cache-control', 'private, no-cache');
      return view;
    },
  );
};
