-- A push service's HTTP status of a row's last failed try (null: no answer, or an e-mail), so the
-- office's "Benachrichtigungen" card can say why push messages fail (403: the school's key is not
-- accepted, 413: too large) instead of reading it out of the error text.
alter table notification_outbox add column last_status smallint;
