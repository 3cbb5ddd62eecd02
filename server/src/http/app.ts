import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import '../../../contract/zod-locale';
import type { Settings } from '../config/env';
import { loggerOptions } from '../config/logger';
import type { Services } from '../compose';
import { registerErrorHandler } from './error-handler';
import { registerAuthHook } from './auth.hook';
import { allowedOrigins, registerAnonymousThrottles, registerFrontDoor } from './front-door.hook';
import { accountRoutes } from './routes/account.routes';
import { authRoutes } from './routes/auth.routes';
import { webRoutes } from './routes/web.routes';
import { siteRoutes } from './routes/site.routes';
import { adminRoutes } from './routes/admin.routes';
import { paymentRoutes } from './routes/payments.routes';
import { sandboxPaymentRoutes } from './routes/sandbox-payment.routes';
import { photoRoutes } from './routes/photo.routes';
import { opsRoutes } from './routes/ops.routes';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the HTTP app (not listening): plugins, security headers, error handler, routes. */
export async function buildApp(opts: {
  settings: Settings;
  services: Services;
  logger?: FastifyServerOptions['logger'];
}) {
  const { settings, services } = opts;
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(settings),
    bodyLimit: BODY_LIMIT_BYTES,
    // The sandbox payment frame carries its signed ticket in the path.
    routerOptions: { maxParamLength: 2000 },
    // A hop count, never `true`: trusting every X-Forwarded-For entry lets clients pick their own address.
    // proxy-addr asks per hop, 0 being the socket's peer: trust exactly the configured number of proxies.
    trustProxy: settings.trustProxy > 0 ? (_addr: string, hop: number) => hop < settings.trustProxy : false,
    requestIdHeader: false,
    genReqId: () => randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  registerErrorHandler(app);
  // Payment callbacks and the sandbox card form post urlencoded forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  await app.register(cookie, { secret: settings.cookieSecret });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", services.billing.provider.frameOrigin],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  registerFrontDoor(app, { allowedOrigins: allowedOrigins(settings), auth: services.auth });
  registerAuthHook(app, services.auth);
  registerAnonymousThrottles(app, services.auth);

  // First, and not encapsulated: its latency hook sees every route.
  await app.register(opsRoutes, {
    metrics: services.metrics,
    metricsToken: settings.metricsToken,
    ping: () => services.repos.health.ping(),
    state: {
      get draining() {
        return services.lifecycle.draining;
      },
      queueStarted: () => services.queue.isStarted(),
    },
  });
  app.get('/healthz', async (_req, reply) => {
    await services.repos.health.ping();
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
  await app.register(authRoutes, {
    auth: services.auth,
    settings,
    google: services.google,
    paymentFrame: {
      base: services.billing.provider.frameBase,
      origin: services.billing.provider.frameOrigin,
    },
    freePromptMode: services.freePromptMode,
  });
  await app.register(accountRoutes, { auth: services.auth, account: services.account, settings });
  await app.register(siteRoutes, { site: services.site, publicUrl: settings.publicUrl });
  await app.register(adminRoutes, { admin: services.admin, refunds: services.billing.refunds });
  await app.register(paymentRoutes, {
    payments: services.billing.payments,
    quota: services.billing.quota,
    invoices: services.billing.invoices,
    settings,
  });
  if (services.billing.sandbox) {
    await app.register(sandboxPaymentRoutes, { provider: services.billing.sandbox });
  }
  await app.register(photoRoutes, { photos: services.photos, streams: settings.progressStreams });
  await app.register(webRoutes, { distDir: settings.webDistDir });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
