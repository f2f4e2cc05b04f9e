import { isNestLinkId, type PublicLink } from '@nest/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PublicLinkCache } from './public-link-cache.js';
import { toPublicLinkView } from './public-link-view.js';
import { readPublicLink } from './read-public-link.js';
import { VisitCounter } from './visit-counter.js';

/**
 * The public side of links in this process: the page's data through a one-second cache, and the
 * visits it counts. Decorated as `app.publicLinks` before every route, so the public API, the server
 * page of a link and the merchant's writes (which invalidate) share one cache and one counter.
 */
export class PublicLinks {
  constructor(
    private readonly app: FastifyInstance,
    readonly cache: PublicLinkCache,
    readonly visits: VisitCounter,
  ) {}

  /**
   * One visit of a link's public page: its data (possibly up to the cache's lifetime old), and one
   * visit counted. Undefined for a malformed, unknown or turned-off link (nothing counted). Call it
   * once per page view, whoever renders the page. Never use it to decide a payment: startCheckout
   * reads the database (readPublicLink).
   */
  async view(nestLinkId: string): Promise<PublicLink | undefined> {
    if (!isNestLinkId(nestLinkId)) return undefined;
    const read = await this.cache.get(nestLinkId, () =>
      readPublicLink(this.app.db, this.app.payments.name, nestLinkId, new Date()),
    );
    if (!read) return undefined;
    this.visits.count(read.linkId);
    return toPublicLinkView(read);
  }
}

/** Decorates app.publicLinks; visits are written every second and on close (graceful shutdown). */
export const publicLinksPlugin = fp(async (app: FastifyInstance) => {
  const visits = new VisitCounter(app.db, app.log.child({ module: 'links' }));
  const publicLinks = new PublicLinks(app, new PublicLinkCache(app.config.PUBLIC_LINK_CACHE_MS), visits);
  app.decorate('publicLinks', publicLinks);
  app.addHook('onClose', async () => visits.stop());
});
