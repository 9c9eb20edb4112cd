-- ADR 044: the credit histories' few welcome, adjustment and expiry entries by user and time, out of
-- a heavy user's 100k reserves and releases (the queries repeat this predicate word for word).
CREATE INDEX "credit_entries_history_idx" ON "credit_entries" USING btree ("user_id","created_at") WHERE ("kind" in ('adjust', 'expire') or "idempotency_key" like 'welcome:%');
