-- Each outbox event enqueues its delivery job in the transaction that writes it.
CREATE OR REPLACE TRIGGER "OutboxEvent_enqueue" AFTER INSERT ON "OutboxEvent"
  FOR EACH ROW EXECUTE FUNCTION crm_enqueue_outbox_event();
