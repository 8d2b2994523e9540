-- The part of a queued e-mail kept only until it is sent or given up (issue #37: the key of a
-- guest's order link); older messages have none.
ALTER TABLE "mail_outbox" ADD COLUMN "secret" text;