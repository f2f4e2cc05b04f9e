import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';

/**
 * The spec makes refresh and logout GETs, which the CSRF origin check lets through as safe methods.
 * They change state, so a request the browser marks as coming from another site is refused here too
 * (a link or image on another site must not sign a merchant out).
 */
export function refuseCrossSite(request: FastifyRequest): void {
  if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('foreign_origin');
}
