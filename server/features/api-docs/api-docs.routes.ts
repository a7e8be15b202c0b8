import { Router } from 'express';
import { openApiDocument } from './openapi-document';

/**
 * GET /api/openapi.json: the API's description, for anyone (it says nothing a visitor could not read
 * in the source). Built on the first request, then served from memory; its JSON text is kept too, so
 * a request costs no serialisation.
 */
export function apiDocsRoutes(): Router {
  const router = Router();
  let text: string | undefined;
  router.get('/openapi.json', (_req, res) => {
    text ??= JSON.stringify(openApiDocument());
    res.type('application/json').send(text);
  });
  return router;
}
