import type { ApiArea } from '../operation';
import { ACCOUNTS } from './accounts';
import { COLLECTIONS } from './collections';
import { EQUIPMENT } from './equipment';
import { OPERATIONS } from './operations';
import { PORTAL } from './portal';
import { REPORTS } from './reports';
import { RULES } from './rules';
import { SETTINGS } from './settings';
import { TEAM } from './team';
import { TICKETS } from './tickets';
import { TIME } from './time';
import { WEBHOOKS } from './webhooks';

/** Every area of the API, in the order the document lists them. */
export const API_AREAS: readonly ApiArea[] = [
  TICKETS,
  TIME,
  EQUIPMENT,
  COLLECTIONS,
  RULES,
  WEBHOOKS,
  REPORTS,
  TEAM,
  SETTINGS,
  ACCOUNTS,
  PORTAL,
  OPERATIONS,
];
