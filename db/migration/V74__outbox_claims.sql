-- Issue 18: several app instances send the outbox. A sender claims a batch (claimed_by/claimed_at, one short
-- transaction with FOR UPDATE SKIP LOCKED), sends outside any transaction and then marks each mail sent or failed.
-- A claim older than the lease (a crashed instance) is taken again; after the last attempt the mail is FAILED
-- (failed_at) and never picked up again.
alter table mail_outbox
    add column claimed_by text,
    add column claimed_at timestamptz,
    add column failed_at  timestamptz,
    -- which instance sent it (operations: who talked to SMTP)
    add column sent_by    text;

-- rows that the old sender had given up on (five attempts) are failed, not silently pending forever
update mail_outbox set failed_at = now()
where sent_at is null and not direct and attempts >= 5;

drop index if exists mail_outbox_unsent;
create index mail_outbox_unsent on mail_outbox (created_at) where sent_at is null and failed_at is null and not direct;
