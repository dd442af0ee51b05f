import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A scope for webhooks whose signature covers the raw bytes: its JSON bodies are parsed as usual (an
 * empty body as `{}`, bad JSON a 400) and their bytes kept beside them for `raw(req)`.
 */
export async function rawJsonScope(
  app: FastifyInstance,
  register: (scope: FastifyInstance, raw: (req: FastifyRequest) => Buffer) => void,
): Promise<void> {
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
      const raw = body as Buffer;
      rawBodies.set(req, raw);
      try {
        done(null, raw.length > 0 ? JSON.parse(raw.toString('utf8')) : {});
      } catch (err) {
        (err as { statusCode?: number }).statusCode = 400;
        done(err as Error, undefined);
      }
    });
    register(scope, (req) => rawBodies.get(req) ?? Buffer.alloc(0));
  });
}
