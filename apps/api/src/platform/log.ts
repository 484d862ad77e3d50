/**
 * What the platform logs through. Fastify's (pino) logger is one; naming it structurally keeps
 * Fastify out of everything services import.
 */
export type Log = { error(details: object, message: string): void };
