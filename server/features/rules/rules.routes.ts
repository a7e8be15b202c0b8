import { Router } from 'express';
import { z } from 'zod';
import {
  ruleInputSchema,
  ruleOrderSchema,
  rulePreviewSchema,
  ruleRunsQuerySchema,
  type RulePreviewResponse,
  type RuleRunsResponse,
  type RulesResponse,
} from '@shared/contracts/rules';
import { idSchema } from '@shared/contracts/tickets';
import type { Database } from '../../db/client';
import { currentUser, requireAdmin, requireAuth } from '../../middleware/require-auth';
import { parseRuleInput } from './rule-input';
import * as service from './rules.service';

const idParams = z.object({ id: idSchema });

/** Rules (issue 40, shared/contracts/rules.ts): admins only; agents get 403. */
export function rulesRoutes(deps: { db: Database }) {
  const { db } = deps;
  const router = Router();
  router.use('/rules', requireAuth(db), requireAdmin);

  router.get('/rules', async (_req, res) => {
    res.json({ rules: await service.listRules(db) } satisfies RulesResponse);
  });

  router.post('/rules', async (req, res) => {
    const rule = await service.createRule(db, parseRuleInput(ruleInputSchema, req.body));
    res.status(201).json({ rule });
  });

  // Before /rules/:id, so "order" and "preview" are not taken for ids.
  router.put('/rules/order', async (req, res) => {
    const { ids } = parseRuleInput(ruleOrderSchema, req.body);
    res.json({ rules: await service.reorderRules(db, ids) } satisfies RulesResponse);
  });

  router.post('/rules/preview', async (req, res) => {
    const input = parseRuleInput(rulePreviewSchema, req.body);
    res.json((await service.previewRule(db, input, currentUser(req).id)) satisfies RulePreviewResponse);
  });

  router.put('/rules/:id', async (req, res) => {
    const { id } = parseRuleInput(idParams, req.params);
    const rule = await service.updateRule(db, id, parseRuleInput(ruleInputSchema, req.body));
    res.json({ rule });
  });

  router.delete('/rules/:id', async (req, res) => {
    const { id } = parseRuleInput(idParams, req.params);
    await service.deleteRule(db, id);
    res.status(204).end();
  });

  router.get('/rules/:id/runs', async (req, res) => {
    const { id } = parseRuleInput(idParams, req.params);
    const query = parseRuleInput(ruleRunsQuerySchema, req.query);
    res.json((await service.listRuns(db, id, query)) satisfies RuleRunsResponse);
  });

  return router;
}
