import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per request at `info`, written when its answer is sent (ADR 212): the request
 * (method, redacted URL, host, client address), the status and the time taken. Fastify's default
 * also writes an "incoming request" line as each request arrives; that line is now at `debug`
 * (LOG_LEVEL=debug shows the requests still in flight, to look into a hang). At the benches' rates
 * the two lines were the app's largest cost of its own. Every other line (errors, a route's own
 * logging, timeouts, client aborts) is unchanged.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
