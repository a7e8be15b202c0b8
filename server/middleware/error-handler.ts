import type { NextFunction, Request, Response } from 'express';
import type { ApiErrorBody } from '@shared/contracts/common';
import { AppError, HTTP_STATUS_BY_CODE } from '../lib/errors';
import { logger } from '../lib/logger';
import { isDatabaseUnavailable, isDataException } from '../lib/pg-errors';
import { requestIdOf } from '../observability/request-log';
import { routePatternOf } from '../observability/route-pattern';

/** Errors raised by express's own body parsers carry a status and a type. */
interface HttpError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  code?: unknown;
}

const PARSER_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON',
  'entity.too.large': 'The request body is too large',
  'encoding.unsupported': 'The request body encoding is not supported',
  'charset.unsupported': 'The request body charset is not supported',
  'request.aborted': 'The request was aborted',
  'request.size.invalid': 'The request body does not match its Content-Length',
  'parameters.too.many': 'The request body has too many form fields',
};

/** The words for a 4xx raised by Express's own machinery (body parsers, router), not by our code. */
function frameworkMessage(error: HttpError): string {
  const parserMessage = PARSER_MESSAGES[error.type ?? ''];
  if (parserMessage) return parserMessage;
  // The router could not percent-decode a path parameter (`/api/tickets/%`).
  if (error instanceof URIError) return 'The request path is not valid percent-encoding';
  // The body parsers pass zlib's error on as a 400 without a type when a body does not decompress.
  if (typeof error.code === 'string' && /^(Z_|ERR__ERROR_)/.test(error.code)) {
    return 'The request body could not be decompressed as its Content-Encoding says';
  }
  return 'The request could not be processed';
}

function send(
  res: Response,
  status: number,
  message: string,
  fieldErrors?: Record<string, string[]>,
  extra?: Record<string, unknown>,
) {
  const body: ApiErrorBody = {
    ...extra,
    success: false,
    message,
    error: message,
    ...(fieldErrors ? { fieldErrors } : {}),
  };
  res.status(status).json(body);
}

/** The one place that turns errors into HTTP answers. Nothing here ever shows a stack trace. */
export function errorHandler(error: unknown, req: Request, res: Response, next: NextFunction) {
  if (res.headersSent) return next(error);
  if (error instanceof AppError) {
    if (error.details.retryAfterSeconds) res.set('Retry-After', String(error.details.retryAfterSeconds));
    const { fieldErrors, body } = error.details;
    return send(res, HTTP_STATUS_BY_CODE[error.code], error.message, fieldErrors, body);
  }
  if (isDatabaseUnavailable(error)) {
    res.set('Retry-After', '5');
    return send(res, 503, 'The service is temporarily unavailable. Please try again in a moment.');
  }
  if (isDataException(error)) {
    return send(
      res,
      400,
      'A value in the request cannot be stored (check dates, numbers and special characters)',
    );
  }
  const httpError = error as HttpError;
  const status = httpError.status ?? httpError.statusCode;
  if (status && status >= 400 && status < 500) {
    return send(res, status, frameworkMessage(httpError));
  }
  // The route's pattern, not the path: a path can carry ids and the setup link's token.
  logger.error('unhandled error', {
    requestId: requestIdOf(req),
    method: req.method,
    route: routePatternOf(req),
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  send(res, 500, 'Something went wrong on our side. Please try again.');
}

export function apiNotFound(req: Request, res: Response) {
  send(res, 404, `No API route for ${req.method} ${req.path}`);
}
