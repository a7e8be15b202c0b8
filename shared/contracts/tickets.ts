import { z } from 'zod';

/** An attachment as recorded on a ticket: its metadata only (the content is not stored). */
export const ticketAttachmentSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;
