-- Issue 40 item 1: running the counter is the permission resource `counter`, apart from configuring
-- (contract/access.ts COUNTER_RIGHTS). Stamping was UPDATE on stampCard, redeeming UPDATE on vouchers,
-- issuing a card ADD on stampCard, issuing vouchers ADD on vouchers, looking a code up VIEW on either.
-- Every group, user and API key that held one of those now also holds the counter's matching right,
-- so it can do exactly what it could before; nothing is taken away (the old rights keep configuring).
CREATE TEMPORARY TABLE "counter_rights_map" ("resource" text, "action" text, "counter_action" text);
--> statement-breakpoint
INSERT INTO "counter_rights_map" VALUES
  ('stampCard', 'UPDATE', 'UPDATE'),
  ('vouchers', 'UPDATE', 'UPDATE'),
  ('stampCard', 'ADD', 'ADD'),
  ('vouchers', 'ADD', 'ADD'),
  ('stampCard', 'VIEW', 'VIEW'),
  ('vouchers', 'VIEW', 'VIEW');
--> statement-breakpoint
INSERT INTO "user_group_permissions" ("group_id", "resource", "action")
SELECT DISTINCT p."group_id", 'counter', m."counter_action"
FROM "user_group_permissions" p
JOIN "counter_rights_map" m ON m."resource" = p."resource" AND m."action" = p."action"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "user_permissions" ("user_id", "resource", "action")
SELECT DISTINCT p."user_id", 'counter', m."counter_action"
FROM "user_permissions" p
JOIN "counter_rights_map" m ON m."resource" = p."resource" AND m."action" = p."action"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "api_keys" k
SET "permissions" = k."permissions" || (
  SELECT coalesce(jsonb_agg(DISTINCT jsonb_build_object('resource', 'counter', 'action', m."counter_action")), '[]'::jsonb)
  FROM jsonb_array_elements(k."permissions") p
  JOIN "counter_rights_map" m ON m."resource" = p ->> 'resource' AND m."action" = p ->> 'action'
)
WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements(k."permissions") p WHERE p ->> 'resource' = 'counter');
--> statement-breakpoint
DROP TABLE "counter_rights_map";
