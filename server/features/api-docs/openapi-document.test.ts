/**
 * The published description (issue 43): a valid OpenAPI 3.1 document by a real validator, describing
 * every route of the inventory with who may call it, so a new route without a description fails here.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteEntry } from '../../test/security/route-inventory';
import { tokenRefusedRoute } from '../../middleware/api-token-auth';
import { buildOpenApiDocument } from './openapi-document';
import { openApiPath } from './operation';

const document = buildOpenApiDocument();
type Operation = {
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
};
const operationOf = (route: Pick<RouteEntry, 'method' | 'path'>) =>
  (document.paths?.[openApiPath(route.path)] as Record<string, Operation> | undefined)?.[
    route.method.toLowerCase()
  ];

/**
 * Operations with a 2xx JSON answer that does not say its shape: no schema, a schema that allows any
 * JSON (`z.unknown()` gives `{}`), or one marked `x-not-described` (how answers whose types were still
 * interfaces were marked, until the last of them, the settings' answers, became zod; decision 132).
 * Checked by shape, not by the marker alone, so a new undescribed answer fails however it is written.
 */
const SHAPE_KEYWORDS = ['$ref', 'type', 'anyOf', 'oneOf', 'allOf', 'const', 'enum'];
const notDescribed = () =>
  Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>)
      .filter(([, operation]) =>
        Object.entries(operation.responses).some(([status, answer]) => {
          if (!status.startsWith('2') || !answer.content?.['application/json']) return false;
          const schema = answer.content['application/json'].schema;
          return (
            !schema ||
            Boolean(schema['x-not-described']) ||
            !SHAPE_KEYWORDS.some((keyword) => keyword in schema)
          );
        }),
      )
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );

describe('the OpenAPI document', () => {
  it('when validated by an OpenAPI 3.1 validator, then it is valid', async () => {
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(document) as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('when read against the route inventory, then every route is described, and nothing else', () => {
    const missing = ROUTES.filter((route) => !operationOf(route)).map(
      (route) => `${route.method} ${route.path}`,
    );
    expect(missing).toEqual([]);
    const described = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const inventory = new Set(ROUTES.map((route) => `${route.method} ${openApiPath(route.path)}`));
    expect(described.filter((key) => !inventory.has(key))).toEqual([]);
  });

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    'when %s is read, then its security says who may call it',
    (_key, route) => {
      const schemes = (operationOf(route)?.security ?? []).map((requirement) => Object.keys(requirement)[0]);
      const expected: Record<RouteEntry['access'], string[]> = {
        public: [],
        bearer: ['inboundEmailToken'],
        metrics: ['metricsToken'],
        requester: ['portalSession'],
        authenticated: tokenRefusedRoute(route.method, route.path) ? ['session'] : ['session', 'apiToken'],
        admin: tokenRefusedRoute(route.method, route.path) ? ['session'] : ['session', 'apiToken'],
      };
      expect(schemes).toEqual(expected[route.access]);
      const apiToken = operationOf(route)?.security?.find((requirement) => 'apiToken' in requirement);
      if (apiToken) expect(apiToken.apiToken).toEqual(route.method === 'GET' ? [] : ['write']);
    },
  );

  it('when a failure is described, then it is the error body of decision 002', () => {
    const failures = Object.values(document.paths ?? {}).flatMap((item) =>
      Object.values(item as Record<string, Operation>).flatMap((operation) =>
        Object.entries(operation.responses).filter(([status]) => /^[45]/.test(status)),
      ),
    );
    expect(failures.length).toBeGreaterThan(ROUTES.length);
    const responses = (document.components?.responses ?? {}) as Operation['responses'];
    for (const [, answer] of failures) {
      const name = /^#\/components\/responses\/(\w+)$/.exec((answer as { $ref?: string }).$ref ?? '')?.[1];
      expect(responses[name ?? '']?.content?.['application/json']?.schema).toEqual({
        $ref: '#/components/schemas/ErrorBody',
      });
    }
  });

  it('when answers are counted, then every JSON success answer describes its shape', () => {
    // Every answer is a zod schema now (docs/decisions/132-openapi.md): the list stays empty.
    expect(notDescribed()).toEqual([]);
  });
});
