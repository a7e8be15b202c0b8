import type { NextFunction, Request, Response } from 'express';
import type { ApiErrorBody } from '@shared/contracts/common';
import { AppError, HTTP_STATUS_BY_CODE } from '../lib/errors';
import { logger } from '../lib/logger';
import { isDatabaseUnavailable, isDataException } from '../lib/pg-errors';

/** Errors raised by express's own body parsers carry a status and a type. */
interface HttpError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

const PARSER_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON',
  'entity.too.large': 'The request body is too large',
  'encoding.unsupported': 'The request body encoding is not supported',
  'charset.unsupported': 'The request body charset is not supported',
  'request.aborted': 'The request was aborted',
};

function send(res: Response, status: number, message: string, fieldErrors?: Record<string, string[]>) {
  const body: ApiErrorBody = {
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
    return send(res, HTTP_STATUS_BY_CODE[error.code], error.message, error.details.fieldErrors);
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
    return send(res, status, PARSER_MESSAGES[httpError.type ?? ''] ?? 'The request could not be processed');
  }
  logger.error('unhandled error', {
    method: req.method,
    path: req.path,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  send(res, 500, 'Something went wrong on our side. Please try again.');
}

export function apiNotFound(req: Request, res: Response) {
  send(res, 404, `No API route for ${req.method} ${req.path}`);
}
