import type { LoggerOptions } from 'pino';
import type { Settings } from './env';

/**
 * JSON lines everywhere (log collectors parse them), except a developer's terminal: in development, when
 * stdout is a TTY, lines go through pino-pretty so `npm start` is readable.
 */
export function loggerOptions(settings: Pick<Settings, 'env' | 'logLevel'>): LoggerOptions {
  const pretty = settings.env === 'development' && process.stdout.isTTY;
  return pretty
    ? {
        level: settings.logLevel,
        transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
      }
    : { level: settings.logLevel };
}
