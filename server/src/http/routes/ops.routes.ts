import type { FastifyInstance } from 'fastify';
import { tr } from '../../../../contract/messages.tr';
import type { Metrics } from '../../metrics';

/**
 * Operations endpoints: liveness (the process answers), readiness (database reachable, queue started, not
 * draining), and Prometheus metrics (bearer METRICS_TOKEN, or loopback only when no token is set).
 */
export async function opsRoutes(
  app: FastifyInstance,
  opts: {
    metrics: Metrics;
    metricsToken: string | null;
    ping(): Promise<unknown>;
    state: { draining: boolean; queueStarted(): boolean };
  },
) {
  const { metrics } = opts;
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    metrics.http.labels(req.method, route, String(reply.statusCode)).observe(reply.elapsedTime / 1000);
  });

  app.get('/livez', async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    if (opts.state.draining) return reply.status(503).send({ status: 'draining' });
    if (!opts.state.queueStarted()) return reply.status(503).send({ status: 'starting' });
    try {
      await opts.ping();
    } catch {
      return reply.status(503).send({ status: 'database unreachable' });
    }
    return { status: 'ok' };
  });

  app.get('/metrics', async (req, reply) => {
    const loopback = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(req.socket.remoteAddress ?? '');
    const allowed = opts.metricsToken
      ? req.headers.authorization === `Bearer ${opts.metricsToken}`
      : loopback;
    if (!allowed) return reply.status(404).send({ message: tr.errors.notFound, code: 'NOT_FOUND' });
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}
// Like fastify-plugin: the hook above applies to the whole app, not just to this plugin's routes.
Object.assign(opsRoutes, { [Symbol.for('skip-override')]: true });
