/**
 * Setup file of the integration project (vite.config.ts): the ticket-change subscribers are registered
 * as createApp registers them, so a test that runs a service or a job without an app sees the same
 * SLA refresh, notices and poll cache as the app does.
 */
import { registerTicketChangeSubscribers } from '../ticket-change-subscribers';

registerTicketChangeSubscribers();
