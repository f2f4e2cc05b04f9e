import { LOGO_MAX_BYTES, nestIdParamsSchema, nestSchema } from '@nest/contracts';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.js';
import { findPayoutAccountOfMerchant } from '../payouts/find-payout-account.js';
import { toPayoutView } from '../payouts/payout-view.js';
import { findNestOfOwner, findOwnNestById, isUuid } from './find-nest.js';
import { merchantId } from './nest-routes.js';
import { toNestView } from './nest-view.js';
import { deleteLogo, readLogo, saveLogo } from './save-logo.js';

const megabytes = `${LOGO_MAX_BYTES / (1024 * 1024)} MB`;

/**
 * The nest's logo. Upload: the image file itself as the body (Content-Type image/png, image/jpeg,
 * image/webp or application/octet-stream; the type is checked on the bytes). Download: public and
 * cacheable, because link pages show it to anybody.
 */
export const logoRoutes: FastifyPluginAsyncZod = async (app) => {
  // In this scope every body is read as raw bytes, whatever it claims to be.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  async function ownNest(userId: string, nestId: string) {
    if (nestId !== 'me') return findOwnNestById(app.db, userId, nestId);
    const nest = await findNestOfOwner(app.db, userId);
    if (!nest) throw new AppError('nest_required', { status: 409 });
    return nest;
  }

  app.post(
    '/nests/:nestId/logo',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags: ['nests'],
        summary: 'Upload the nest’s logo (`me`, or its id)',
        description: `The request body is the image file (PNG, JPEG or WebP, at most ${megabytes}). It is re-encoded as WebP, at most 256×256.`,
        security: [{ merchantSession: [] }],
        params: nestIdParamsSchema,
        response: { 200: nestSchema },
      },
      errorHandler(error: FastifyError, _request, _reply) {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          throw new AppError('image_too_large', { status: 413, params: { max: megabytes } });
        }
        throw error;
      },
    },
    async (request) => {
      const userId = merchantId(request);
      const nest = await ownNest(userId, request.params.nestId);
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0)
        throw new AppError('unsupported_image', { status: 415 });
      const etag = await saveLogo(app.db, nest.id, body);
      app.publicLinks.cache.forNest(nest.id);
      const payout = await findPayoutAccountOfMerchant(app.db, userId, app.config.PAYMENT_PROVIDER);
      const saved = (await findNestOfOwner(app.db, userId)) ?? nest;
      return toNestView(saved, etag, toPayoutView(payout));
    },
  );

  app.delete(
    '/nests/:nestId/logo',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags: ['nests'],
        summary: 'Remove the nest’s logo (`me`, or its id)',
        security: [{ merchantSession: [] }],
        params: nestIdParamsSchema,
        response: { 200: nestSchema },
      },
    },
    async (request) => {
      const userId = merchantId(request);
      const nest = await ownNest(userId, request.params.nestId);
      await deleteLogo(app.db, nest.id);
      app.publicLinks.cache.forNest(nest.id);
      const payout = await findPayoutAccountOfMerchant(app.db, userId, app.config.PAYMENT_PROVIDER);
      const saved = (await findNestOfOwner(app.db, userId)) ?? nest;
      return toNestView(saved, null, toPayoutView(payout));
    },
  );

  app.get(
    '/nests/:nestId/logo',
    {
      schema: {
        tags: ['nests'],
        summary: 'A nest’s logo (public, cacheable)',
        params: nestIdParamsSchema,
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const { nestId } = request.params;
      const logo = isUuid(nestId) ? await readLogo(app.db, nestId) : undefined;
      if (!logo) throw notFound();
      const etag = `"${logo.etag}"`;
      // A versioned address never changes content; the bare one is revalidated every few minutes.
      const cacheControl =
        request.query.v === logo.etag ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
      reply.header('cache-control', cacheControl).header('etag', etag);
      reply.header('last-modified', logo.updatedAt.toUTCString());
      // Link pages on other origins may show it.
      reply.header('cross-origin-resource-policy', 'cross-origin');
      const known = (request.headers['if-none-match'] ?? '')
        .split(',')
        .map((t) => t.trim().replace(/^W\//, ''));
      if (known.includes(etag) || known.includes('*')) return reply.status(304).send();
      return reply.type(logo.contentType).send(logo.bytes);
    },
  );
};
