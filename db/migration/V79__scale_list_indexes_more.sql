-- Issue 18 (ADR 1853), second part: indexes for the lists ScaleDataBench measures since 2026-12-05, tenant first.
-- docs/benchmarks.md "Scale data, second part" has the plans and timings before and after.

-- The audit log filtered by action (AuditLog.find/count with an action): newest first within the action, so a rare
-- action's page is an index range instead of a walk of the whole trail by time.
create index audit_events_action on audit_events (tenant_id, action, at desc, id desc);
-- The audit log filtered by actor: AuditRepository first lists the trail's distinct actors (a skip scan over this
-- index, a few dozen probes), applies the user's "contains" to those, and reads the matching actors' entries.
create index audit_events_actor on audit_events (tenant_id, actor, at desc, id desc);
create index platform_audit_events_actor on platform_audit_events (actor, at desc, id desc);

-- Orders (PortalOrders.orders): accepted quotes newest first.
create index portal_acceptances_accepted on portal_acceptances (tenant_id, accepted_at desc, id);
