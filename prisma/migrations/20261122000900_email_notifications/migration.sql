-- E-mail notifications: written with the change that causes them, sent by the worker over SMTP.

-- CreateEnum
CREATE TYPE "EmailNotificationStatus" AS ENUM ('Pending', 'Sent', 'Skipped', 'Failed');

-- CreateTable
CREATE TABLE "EmailNotification" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "entityId" UUID,
    "kind" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" "EmailNotificationStatus" NOT NULL DEFAULT 'Pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "messageId" TEXT,
    "sentAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "EmailNotification_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "EmailNotification_tenantId_createdAt_idx" ON "EmailNotification"("tenantId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "EmailNotification_tenantId_entityId_createdAt_idx" ON "EmailNotification"("tenantId", "entityId", "createdAt" DESC);

-- AddForeignKey
ALTER TABLE "EmailNotification" ADD CONSTRAINT "EmailNotification_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EmailNotification" ADD CONSTRAINT "EmailNotification_entityId_fkey" FOREIGN KEY ("entityId") REFERENCES "Entity"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- ---------------------------------------------------------------------------------------------
-- Hand-written: row-level security and the trigger that enqueues the sending job.
-- ---------------------------------------------------------------------------------------------
ALTER TABLE "EmailNotification" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "EmailNotification" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "EmailNotification" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

-- Same pattern as the outbox: the job is enqueued in the transaction that writes the row, so a
-- committed notification is always attempted, and a rolled-back change never sends one.
CREATE FUNCTION crm_enqueue_email_notification() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  PERFORM graphile_worker.add_job(
    'notifications.email',
    json_build_object('notificationId', NEW.id, 'tenantId', NEW."tenantId"),
    max_attempts => 5
  );
  RETURN NEW;
END $$;
CREATE TRIGGER "EmailNotification_enqueue" AFTER INSERT ON "EmailNotification"
  FOR EACH ROW EXECUTE FUNCTION crm_enqueue_email_notification();
