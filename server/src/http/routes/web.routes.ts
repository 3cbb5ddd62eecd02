import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isClientRoute } from '../../../../contract/routes';
import { tr } from '../../../../contract/messages.tr';

/**
 * Serves the built React app: static assets, the app's HTML for client routes (200) and for
 * unknown paths (404, the app shows its not-found page). Unknown /api paths get the JSON error.
 */
export async function webRoutes(app: FastifyInstance, opts: { distDir: string }) {
  const indexPath = path.join(opts.distDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite puts content hashes in asset names, so those never change; everything else revalidates.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ distDir: opts.distDir }, 'web build missing: run `npm run build`');
  }
  // Read per request in development so a rebuild shows without a restart; cached otherwise.
  let cached: string | null = null;
  const indexHtml = () => (cached ??= fs.readFileSync(indexPath, 'utf8'));

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0];
    if (pathname.startsWith('/api/') || req.method !== 'GET' || !hasBuild) {
      return reply.status(404).send({ message: tr.errors.notFound, code: 'NOT_FOUND', requestId: req.id });
    }
    reply.header('cache-control', 'no-cache');
    return reply
      .status(isClientRoute(pathname) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(indexHtml());
  });
}
