-- A replayed Idempotency-Key must carry the same request: the fingerprint (SHA-256 of method,
-- path and body) lets the API refuse a key reused for a different change instead of answering
-- it with the first change's result.
alter table idempotency_keys add column request_hash text not null default '';
create index idempotency_keys_created on idempotency_keys (created_at);
