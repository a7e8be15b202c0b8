import { Router } from 'express';
import { z } from 'zod';
import { uuidParam } from '@shared/contracts/common';
import {
  createLoanerSchema,
  loanerListQuerySchema,
  updateLoanerSchema,
  type LoanerEquipmentRecord,
} from '@shared/contracts/equipment';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { callerHiddenGroups } from '../../middleware/group-visibility';
import { currentUser, requireAuth } from '../../middleware/require-auth';
import * as equipmentService from './equipment.service';
import { assertTicketVisible } from './loan-links';

const idParams = z.object({ id: uuidParam });

/** Loaner equipment (spec §7): list with search and filters, checkout, edit or return, delete. */
export function equipmentRoutes(deps: { db: Database; config: AppConfig }) {
  const { db } = deps;
  const router = Router();
  const signedIn = requireAuth(db);

  router.get('/loaner-equipment', signedIn, async (req, res) => {
    const query = parseInput(loanerListQuerySchema, req.query);
    res.json((await equipmentService.listLoaners(db, query)) satisfies LoanerEquipmentRecord[]);
  });

  router.post('/loaner-equipment', signedIn, async (req, res) => {
    const input = parseInput(createLoanerSchema, req.body);
    await assertTicketVisible(
      db,
      { loanId: null, ticketId: input.ticketId },
      await callerHiddenGroups(db, req),
    );
    const record = await equipmentService.createLoaner(db, input, currentUser(req).id);
    res.status(201).json(record satisfies LoanerEquipmentRecord);
  });

  router.put('/loaner-equipment/:id', signedIn, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const input = parseInput(updateLoanerSchema, req.body);
    await assertTicketVisible(
      db,
      { loanId: id, ticketId: input.ticketId },
      await callerHiddenGroups(db, req),
    );
    const record = await equipmentService.updateLoaner(db, id, input, currentUser(req).id);
    res.json(record satisfies LoanerEquipmentRecord);
  });

  router.delete('/loaner-equipment/:id', signedIn, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    await equipmentService.deleteLoaner(db, id, currentUser(req).id);
    res.status(204).end();
  });

  return router;
}
