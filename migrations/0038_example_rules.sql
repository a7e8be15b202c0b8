-- Issue 40: three ready-made rules, inactive, as examples an admin can switch on or copy
-- (EXAMPLE_RULE_NAMES in shared/contracts/rules.ts). Inserted once; an admin may change or delete them.
INSERT INTO "rules" ("name", "active", "position", "kind", "events", "conditions", "actions") VALUES
(
  'Urgent words → high priority', false, 1, 'trigger', '["ticket_created"]',
  '{"all": [], "any": [
     {"field": "subject", "op": "contains_words", "value": ["urgent", "asap", "emergency"]},
     {"field": "body", "op": "contains_words", "value": ["urgent", "asap", "emergency"]}]}',
  '[{"kind": "set_priority", "value": "high"}]'
),
(
  'Remind the assignee after 2 business days without an update', false, 2, 'schedule', '[]',
  '{"all": [
     {"field": "assignedTo", "op": "is_not", "value": "none"},
     {"field": "hoursSince", "op": "gt", "value": {"since": "updated", "hours": 16, "calendar": "business"}}],
    "any": []}',
  '[{"kind": "notify", "to": "assignee"}]'
),
(
  'Close tickets tagged resolved after 7 days of silence', false, 3, 'schedule', '[]',
  '{"all": [
     {"field": "tags", "op": "has_any", "value": ["resolved"]},
     {"field": "hoursSince", "op": "gt", "value": {"since": "updated", "hours": 168, "calendar": "calendar"}}],
    "any": []}',
  '[{"kind": "set_status", "value": "closed"}]'
);
