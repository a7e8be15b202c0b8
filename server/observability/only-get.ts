import type { Request } from 'express';
import { AppError } from '../lib/errors';

/**
 * For the endpoints outside /api that read only: any other method gets the API's 404 answer in its
 * JSON shape (the app's error middleware writes it), instead of falling through to the SPA's page.
 */
export function refuseOtherMethods(req: Request): never {
  throw new AppError('not_found', `No route for ${req.method} ${req.path}: it answers GET and HEAD only`);
}
