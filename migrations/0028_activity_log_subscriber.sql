-- Hand-written (issue 35): the Activity Log (ticket_events) has one writer, the ticket change's
-- subscriber (server/core/activity/activity-log.ts), which every writer of tickets, of a ticket's
-- conversation and of its time reaches through recordTicketChange. The triggers of migration 0019
-- that wrote the same rows at each write go. user_display_name and is_closed_ticket_status stay:
-- the subscriber names assignees with the former, as the triggers did.
DROP TRIGGER tickets_record_events_on_insert ON tickets;
--> statement-breakpoint
DROP TRIGGER tickets_record_events_on_update ON tickets;
--> statement-breakpoint
DROP TRIGGER ticket_messages_record_event ON ticket_messages;
--> statement-breakpoint
DROP TRIGGER time_entries_record_event ON time_entries;
--> statement-breakpoint
DROP FUNCTION record_ticket_events();
--> statement-breakpoint
DROP FUNCTION record_ticket_message_event();
--> statement-breakpoint
DROP FUNCTION record_time_entry_event();
