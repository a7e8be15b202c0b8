import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountedRoutes, routeKey, ROUTES } from './route-inventory';
import { startSecurityFixture, type SecurityFixture } from './security-fixture';

let fx: SecurityFixture;
beforeAll(async () => {
  fx = await startSecurityFixture();
});
afterAll(() => fx.close());

describe('the route inventory of the security sweeps', () => {
  it('lists exactly the routes the app mounts, so no new route escapes the sweeps', () => {
    const mounted = mountedRoutes(fx.t.app).map(routeKey).sort();
    const listed = ROUTES.map(routeKey).sort();
    expect(
      mounted.filter((key) => !listed.includes(key)),
      'mounted but missing from ROUTES',
    ).toEqual([]);
    expect(
      listed.filter((key) => !mounted.includes(key)),
      'in ROUTES but not mounted',
    ).toEqual([]);
    expect(new Set(listed).size, 'ROUTES lists a route twice').toBe(listed.length);
  });

  it('finds every route under /api, besides the probes and the scrape', () => {
    const outside = mountedRoutes(fx.t.app).filter((route) => !route.path.startsWith('/api/'));
    expect(outside.map(routeKey).sort()).toEqual(['GET /healthz', 'GET /metrics', 'GET /readyz']);
  });
});
