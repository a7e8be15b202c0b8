/**
 * One described route of the API: what the per-area lists in ./operations hold and what
 * openapi-document.ts turns into OpenAPI. Every schema here is a zod contract (shared/contracts), so the
 * document says what the routes parse and answer, never a hand-written copy (docs/decisions/132-openapi.md).
 */
import type { z } from 'zod';
import type { ZodOpenApiContentObject } from 'zod-openapi';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call it, as the route inventory says (server/test/security/route-inventory.ts): decides the
 * operation's `security` and its 401/403 answers.
 */
export type Access = 'public' | 'authenticated' | 'admin' | 'bearer' | 'metrics' | 'requester';

/** A query or path parameter object: a zod object of strings, as Express hands them over. */
type ParamsSchema = z.ZodType;

/** The success answer of an operation. */
export type Answer =
  | {
      kind: 'json';
      status: 200 | 201 | 202;
      schema: z.ZodType;
      description: string;
      /** Further success answers of the same operation (the inbound email's 200, 201 and 202). */
      others?: readonly { status: 200 | 201 | 202; schema: z.ZodType; description: string }[];
    }
  /** A body that is not JSON (a file, CSV, Prometheus text): its media types, described in words. */
  | { kind: 'content'; status: 200; content: ZodOpenApiContentObject; description: string }
  | { kind: 'empty'; status: 204; description: string }
  | { kind: 'redirect'; status: 302 | 303; location: string; description: string };

/** Answers beyond the ones every operation of its access gets (see error-responses.ts). */
export type ExtraError = 409 | 413 | 429 | 503;

export interface ApiOperation {
  method: HttpMethod;
  /** Express syntax as mounted, e.g. /api/tickets/:id (the document writes /api/tickets/{id}). */
  path: string;
  access: Access;
  summary: string;
  description?: string;
  params?: ParamsSchema;
  query?: ParamsSchema;
  /** A JSON request body. */
  body?: z.ZodType;
  /** Other request media types (multipart with files, a raw message), beside or instead of `body`. */
  bodyContent?: ZodOpenApiContentObject;
  /** Whether the body may be left out (a POST whose fields are all optional). */
  bodyOptional?: true;
  answer: Answer;
  errors?: readonly ExtraError[];
}

/** An area of the API: its tag in the document and its operations. */
export interface ApiArea {
  tag: string;
  description: string;
  operations: readonly ApiOperation[];
}

export const json = (schema: z.ZodType, description = 'OK', status: 200 | 201 | 202 = 200): Answer => ({
  kind: 'json',
  status,
  schema,
  description,
});

export const created = (schema: z.ZodType, description = 'Created'): Answer => json(schema, description, 201);

export const noContent = (description = 'Done; no body'): Answer => ({
  kind: 'empty',
  status: 204,
  description,
});

/** Express path syntax → OpenAPI's: /api/tickets/:id → /api/tickets/{id}. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
