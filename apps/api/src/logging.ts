// The process's log, through Fastify's pino: JSON lines (production, log collectors) or pino-pretty's
// readable lines (a terminal). Quiet: one line per API call when it completes, none for the web
// app's files nor the probes (/healthz, /readyz); errors are logged by the error handlers anyway.
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from './config';

export type LogStream = { write(line: string): void };

/** Requests that get a log line: the API's (REST, tRPC, the local dev routes). */
const LOGGED = /^\/(api|trpc|dev)(\/|\?|$)/;

class RequestLog extends LogController {
  override isLogDisabled(req: FastifyRequest): boolean {
    return !LOGGED.test(req.url);
  }

  /** Said once the request completes, with the request itself. */
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(req)) return;
    const line = { req, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Fastify's logger options; `stream` replaces the output (tests read the JSON lines). */
export async function logOptions(config: Config, stream?: LogStream): Promise<Pick<FastifyServerOptions, 'logger' | 'logController'>> {
  return {
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      stream: stream ?? (config.LOG_FORMAT === 'pretty' ? await prettyStream() : undefined),
    },
    logController: new RequestLog(),
  };
}

/** In-process and synchronous (no transport thread); loaded only when asked for. */
async function prettyStream(): Promise<LogStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    sync: true,
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: (log, messageKey) => {
      const req = log.req as { method?: string; url?: string } | undefined;
      const res = log.res as { statusCode?: number } | undefined;
      const took = typeof log.responseTime === 'number' ? ` ${Math.round(log.responseTime)} ms` : '';
      return req && res ? `${req.method} ${req.url} ${res.statusCode}${took}` : String(log[messageKey] ?? '');
    },
  });
}
