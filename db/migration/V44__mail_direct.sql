-- Mails whose body carries a one-time secret (the customer's portal link) are never stored: they are sent straight
-- through SMTP after the transaction that caused them commits, and the outbox keeps only a trace row (recipient,
-- subject, a body without the secret). The outbox sender never picks these rows up.
alter table mail_outbox add column direct boolean not null default false;
