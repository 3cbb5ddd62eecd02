import { loadSettings, EnvError } from './config/env';
import { openDatabase } from './db/client';
import { composeServices } from './compose';
import { buildApp } from './http/app';

/** Composition root: env -> database -> migrations -> services -> roles (api, worker). */
async function main() {
  let settings;
  try {
    settings = loadSettings();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  await database.migrate();
  const services = composeServices(database, settings);
  // Seeding is boot work too: processes starting together would insert the same row.
  if (settings.env !== 'production')
    await database.withBootLock(() => services.billing.payments.seedDevPromo());
  const app = await buildApp({ settings, services });
  const log = app.log;
  log.info({ database: database.kind, roles: settings.roles, dataDir: settings.dataDir }, 'starting');

  const { queue } = services;
  await queue.start({ worker: settings.roles.worker, handlers: services.jobHandlers });

  // Jobs whose worker died (no heartbeat) go back to the queue within seconds, not after JOB_TIMEOUT_SECONDS.
  let reaper: NodeJS.Timeout | undefined;
  if (settings.roles.worker) {
    const reap = () =>
      void services.photos.reapStale().catch((err: unknown) => log.warn({ err }, 'heartbeat check failed'));
    reap();
    // A third of the heartbeat's staleness (10 s for the default 30 s).
    reaper = setInterval(reap, settings.jobStaleAfterMs / 3);
    reaper.unref();
  }

  if (settings.roles.api) await app.listen({ port: settings.port, host: settings.host });
  else await app.ready();
  if (settings.roles.api) log.info(`Oto Stüdyo hazır: ${settings.publicUrl}`);
  log.info({ roles: settings.roles, pid: process.pid }, 'ready');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Readiness answers 503 from now on, so the proxy sends new requests elsewhere.
    services.lifecycle.draining = true;
    log.info({ signal }, 'shutting down: draining HTTP, releasing jobs');
    const force = setTimeout(() => {
      log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 30_000);
    force.unref();
    // Requests still waiting for a photo after 15 s are cut; the web app resumes their jobs by id.
    const cut = setTimeout(() => app.server.closeAllConnections(), 15_000);
    cut.unref();
    try {
      if (reaper) clearInterval(reaper);
      await Promise.all([
        app.close(), // stop accepting requests, finish in-flight ones
        queue.stop(), // running jobs get 10 s to finish, then go back to the queue for another worker
      ]);
      await services.imageWorkers.close();
      await database.close();
      log.info('stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error('fatal: server failed to start', err);
  process.exit(1);
});
