import { LOGO_MAX_BYTES, nestIdParamsSchema, nestSchema } from '@nest/contracts';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.js';
import { requireOwnNest } from '../../plugins/auth.js';
import { findNestOfOwner, isUuid } from './find-nest.js';
import type { NestRow } from './nest-view.js';
import { deleteLogo, readLogo, saveLogo } from './save-logo.js';
import { showNest } from './show-nest.js';

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

  /** The nest as it is after its logo changed (read again: the change touched its row). */
  async function viewAfterLogoChange(nest: NestRow, etag: string | null) {
    app.publicLinks.cache.forNest(nest.id);
    const saved = (await findNestOfOwner(app.db, nest.ownerId)) ?? nest;
    return showNest(app.db, app.config.PAYMENT_PROVIDER, saved, etag);
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
      const nest = await requireOwnNest(request, request.params.nestId, 'nest_required');
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0)
        throw new AppError('unsupported_image', { status: 415 });
      return viewAfterLogoChange(nest, await saveLogo(app.db, nest.id, body));
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
      const nest = await requireOwnNest(request, request.params.nestId, 'nest_required');
      await deleteLogo(app.db, nest.id);
      return viewAfterLogoChange(nest, null);
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
