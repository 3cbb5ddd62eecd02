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
  if (settings.env !== 'production') await services.billing.payments.seedDevPromo();
  const app = await buildApp({ settings, services });
  const log = app.log;
  log.info({ database: database.kind, roles: settings.roles, dataDir: settings.dataDir }, 'starting');

  const { queue } = services;
  await queue.start({ worker: settings.roles.worker, handlers: services.jobHandlers });

  if (settings.roles.api) await app.listen({ port: settings.port, host: settings.host });
  else await app.ready();
  if (settings.roles.api) log.info(`Oto Stüdyo hazır: ${settings.publicUrl}`);
  log.info({ roles: settings.roles, pid: process.pid }, 'ready');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      await app.close(); // stop accepting requests, finish in-flight ones
      await queue.stop(); // let running jobs finish
      await database.close();
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
