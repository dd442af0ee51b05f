/**
 * The operator console over HTTP at /backoffice: its built files (apps/backoffice/dist, precompressed,
 * hashed ones cached for good, as the member site's: member-site.ts `builtFilesOptions`) and, for
 * every client route under /backoffice, its index.html as it was built. The console reads everything
 * through /api/admin/* after login, so its page carries no start-up payload and nothing of the member
 * site.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, envelopeOf } from './errors.ts';
import { builtFilesOptions, encode, htmlEncoding } from './member-site.ts';

export const BACKOFFICE_PREFIX = '/backoffice';

export function serveBackoffice(app: FastifyInstance, dist: string): void {
  const indexFile = path.join(dist, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  if (indexHtml !== null) {
    app.register(fastifyStatic, builtFilesOptions(dist, ['index.html'], `${BACKOFFICE_PREFIX}/`));
  }
  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    // A missing file (an old build's chunk) is a 404, never the page.
    if (indexHtml === null || path.extname(pathname) !== '') {
      return reply.status(404).send(envelopeOf(new AppError('NOT_FOUND')));
    }
    const encoding = htmlEncoding(req.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(encode(indexHtml, encoding));
  };
  app.get(BACKOFFICE_PREFIX, page);
  app.get(`${BACKOFFICE_PREFIX}/*`, page);
}
