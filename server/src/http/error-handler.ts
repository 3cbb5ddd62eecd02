import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { tr } from '../../../contract/messages.tr';
import { AppError } from '../services/app-error';

interface Mapped {
  status: number;
  code: string;
  message: string;
}

function mapError(err: FastifyError | AppError | Error): Mapped {
  if (err instanceof AppError) return { status: err.statusCode, code: err.code, message: err.message };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issue = err.validation[0];
    const field = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
    const detail = issue?.message ?? '';
    return {
      status: 400,
      code: 'VALIDATION_ERROR',
      message: field ? `${detail} (${field})` : detail || tr.errors.badRequest,
    };
  }
  const fe = err as FastifyError;
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'INVALID_JSON', message: tr.errors.invalidJson };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'BODY_TOO_LARGE', message: tr.errors.bodyTooLarge };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: tr.errors.unsupportedMediaType };
  }
  if (err instanceof SyntaxError && fe.statusCode === 400) {
    return { status: 400, code: 'INVALID_JSON', message: tr.errors.invalidJson };
  }
  const status = fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 600 ? fe.statusCode : 500;
  if (status >= 500) return { status, code: 'INTERNAL_ERROR', message: tr.errors.internal };
  if (status === 429) return { status, code: 'TOO_MANY_REQUESTS', message: tr.errors.tooManyRequests };
  if (status === 404) return { status, code: 'NOT_FOUND', message: tr.errors.notFound };
  return { status, code: fe.code ?? 'BAD_REQUEST', message: tr.errors.badRequest };
}

/** The one error handler: `{ message, code, requestId }`, Turkish messages, no internals on 5xx. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err, req, reply) => {
    const mapped = mapError(err as Error);
    if (mapped.status >= 500) req.log.error({ err }, 'request failed');
    else
      req.log.info(
        { code: mapped.code, status: mapped.status, reason: (err as Error).message },
        'request refused',
      );
    if (err instanceof AppError && typeof err.details?.retryAfterSeconds === 'number') {
      reply.header('retry-after', String(err.details.retryAfterSeconds));
    }
    return reply
      .status(mapped.status)
      .send({ message: mapped.message, code: mapped.code, requestId: req.id });
  });
}
