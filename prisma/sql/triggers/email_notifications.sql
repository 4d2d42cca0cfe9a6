-- Each e-mail notification enqueues its sending job in the transaction that writes it.
CREATE OR REPLACE TRIGGER "EmailNotification_enqueue" AFTER INSERT ON "EmailNotification"
  FOR EACH ROW EXECUTE FUNCTION crm_enqueue_email_notification();
