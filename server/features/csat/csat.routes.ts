import { Router } from 'express';
import { z } from 'zod';
import {
  PORTAL_MESSAGES,
  ratingInputSchema,
  type CsatReport,
  type RatingPageResponse,
  type TicketRating,
} from '@shared/contracts/portal';
import { reportQuerySchema } from '@shared/contracts/reports';
import { idSchema } from '@shared/contracts/tickets';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { callerHiddenGroups } from '../../middleware/group-visibility';
import { requireAuth } from '../../middleware/require-auth';
import * as service from './csat.service';

const ticketParamsSchema = z.object({ id: idSchema });

/**
 * Satisfaction ratings (issue 41). The rating link's two routes need no sign-in: the token in the path
 * is the credential, good for one survey and nothing else. The agents' two read what was answered;
 * the Satisfaction view, like every report, is every signed-in user's, without hidden groups.
 */
export function csatRoutes(deps: { db: Database }) {
  const { db } = deps;
  const auth = requireAuth(db);
  const router = Router();

  // Reading the page records nothing: mail scanners open links (freescout #1743).
  router.get('/portal/ratings/:token', async (req, res) => {
    res.json((await service.ratingPage(db, String(req.params.token))) satisfies RatingPageResponse);
  });

  router.post('/portal/ratings/:token', async (req, res) => {
    const input = parseInput(ratingInputSchema, req.body);
    await service.recordRating(db, String(req.params.token), input);
    res.json({ success: true, message: PORTAL_MESSAGES.ratingSaved });
  });

  router.get('/tickets/:id/ratings', auth, async (req, res) => {
    const { id } = parseInput(ticketParamsSchema, req.params);
    const ratings: TicketRating[] = await service.ticketRatings(db, id);
    res.json({ ratings });
  });

  // The range and its checks of every report (startAt/endAt: the browser's days), not just start/end.
  router.get('/reports/csat', auth, async (req, res) => {
    const query = parseInput(reportQuerySchema, req.query);
    const hidden = await callerHiddenGroups(db, req);
    res.json((await service.csatReport(db, query, hidden)) satisfies CsatReport);
  });

  return router;
}
