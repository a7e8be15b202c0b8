import type { Request, RequestHandler, Router } from 'express';
import { z } from 'zod';
import { idSchema } from '@shared/contracts/tickets';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
import type { ScopedCaller, TeamOrPersonalCollection } from './team-or-personal.service';

const idParams = z.object({ id: idSchema });

export interface TeamOrPersonalRoutesConfig<Item, CreateInput, UpdateInput, ListQuery> {
  db: Database;
  /** Lets the signed-in user through (the feature's router shares it with its other routes). */
  auth: RequestHandler;
  /**
   * The signed-in user `auth` let through (the middleware's currentUser): core sits below the
   * middleware, so the feature's router hands both in.
   */
  currentUser: (req: Request) => ScopedCaller;
  /** Where the collection lives under /api, e.g. '/views'. */
  path: string;
  /** The keys of the answers: `{[many]: items}` for the list, `{[one]: item}` for one item. */
  one: string;
  many: string;
  createSchema: z.ZodType<CreateInput>;
  updateSchema: z.ZodType<UpdateInput>;
  /** The list's query parameters; without it the list reads none. */
  listQuerySchema?: z.ZodType<ListQuery>;
  collection: TeamOrPersonalCollection<Item, CreateInput, UpdateInput, ListQuery | undefined>;
}

/**
 * The four routes of a team-or-personal collection on `router`: GET `path` → 200 {[many]: items},
 * POST `path` → 201 {[one]: item}, PUT `path/:id` → 200 {[one]: item}, DELETE `path/:id` → 204.
 */
export function addTeamOrPersonalRoutes<Item, CreateInput, UpdateInput, ListQuery>(
  router: Router,
  config: TeamOrPersonalRoutesConfig<Item, CreateInput, UpdateInput, ListQuery>,
): void {
  const { db, auth, currentUser, path, one, many, collection } = config;

  router.get(path, auth, async (req, res) => {
    const query = config.listQuerySchema ? parseInput(config.listQuerySchema, req.query) : undefined;
    res.json({ [many]: await collection.list(db, currentUser(req), query) });
  });

  router.post(path, auth, async (req, res) => {
    const input = parseInput(config.createSchema, req.body);
    res.status(201).json({ [one]: await collection.create(db, currentUser(req), input) });
  });

  router.put(`${path}/:id`, auth, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const input = parseInput(config.updateSchema, req.body);
    res.json({ [one]: await collection.update(db, currentUser(req), id, input) });
  });

  router.delete(`${path}/:id`, auth, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    await collection.remove(db, currentUser(req), id);
    res.status(204).end();
  });
}
