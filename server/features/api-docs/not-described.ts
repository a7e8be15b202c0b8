import { z } from 'zod';

/**
 * The answer of an operation whose answer type is still a TypeScript interface, not yet a zod schema
 * (docs/decisions/132-openapi.md lists them): any JSON, said so in the document, and counted by
 * openapi-document.test.ts so the list only shrinks.
 */
export const NOT_YET_DESCRIBED = z
  .unknown()
  .meta({ description: 'JSON; its shape is not described here yet', 'x-not-described': true });
