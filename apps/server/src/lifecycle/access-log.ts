import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, written when it is answered, with the request (method, address,
 * client) and the answer (status, time taken), instead of Fastify's two lines ("incoming
 * request", then "request completed"). At LOG_LEVEL=info the two lines cost about as much CPU as
 * answering a cached catalogue read; this halves that and loses nothing but the start time.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
