-- Webhooks: endpoints, status history, deliveries, tries, administrator notifications.

-- CreateEnum
CREATE TYPE "WebhookStatus" AS ENUM ('Active', 'Paused', 'Disabled');

-- CreateEnum
CREATE TYPE "WebhookDeliveryState" AS ENUM ('queued', 'sending', 'delivered', 'failed', 'skipped');

-- CreateTable
CREATE TABLE "WebhookEndpoint" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "secretCiphertext" TEXT NOT NULL,
    "secretLast4" TEXT NOT NULL,
    "status" "WebhookStatus" NOT NULL DEFAULT 'Disabled',
    "consecutiveHandshakeFailures" INTEGER NOT NULL DEFAULT 0,
    "eventTypes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "lastHandshakeAt" TIMESTAMPTZ(3),
    "lastHandshakeOk" BOOLEAN,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WebhookEndpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookStatusChange" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "endpointId" UUID NOT NULL,
    "fromStatus" "WebhookStatus",
    "toStatus" "WebhookStatus" NOT NULL,
    "reason" TEXT NOT NULL,
    "actorType" TEXT NOT NULL,
    "actorId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookStatusChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "endpointId" UUID NOT NULL,
    "eventId" UUID NOT NULL,
    "eventType" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "eventCreatedAt" TIMESTAMPTZ(3) NOT NULL,
    "state" "WebhookDeliveryState" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "totalAttempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMPTZ(3),
    "leaseUntil" TIMESTAMPTZ(3),
    "claimToken" UUID,
    "lastStatusCode" INTEGER,
    "lastError" TEXT,
    "deliveredAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookAttempt" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "deliveryId" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "startedAt" TIMESTAMPTZ(3) NOT NULL,
    "durationMs" INTEGER,
    "statusCode" INTEGER,
    "responseExcerpt" TEXT,
    "error" TEXT,
    "requestHeaders" JSONB NOT NULL,
    "requestBody" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AdminNotification" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "messageEn" TEXT NOT NULL,
    "messageAr" TEXT NOT NULL,
    "data" JSONB,
    "readAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AdminNotification_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "WebhookEndpoint_tenantId_key" ON "WebhookEndpoint"("tenantId");

-- CreateIndex
CREATE INDEX "WebhookStatusChange_tenantId_endpointId_createdAt_idx" ON "WebhookStatusChange"("tenantId", "endpointId", "createdAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_tenantId_endpointId_state_eventCreatedAt_idx" ON "WebhookDelivery"("tenantId", "endpointId", "state", "eventCreatedAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_tenantId_createdAt_idx" ON "WebhookDelivery"("tenantId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookDelivery_tenantId_endpointId_eventId_key" ON "WebhookDelivery"("tenantId", "endpointId", "eventId");

-- CreateIndex
CREATE INDEX "WebhookAttempt_tenantId_deliveryId_number_idx" ON "WebhookAttempt"("tenantId", "deliveryId", "number");

-- CreateIndex
CREATE INDEX "AdminNotification_tenantId_readAt_createdAt_idx" ON "AdminNotification"("tenantId", "readAt", "createdAt");

-- AddForeignKey
ALTER TABLE "WebhookStatusChange" ADD CONSTRAINT "WebhookStatusChange_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookAttempt" ADD CONSTRAINT "WebhookAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "WebhookDelivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ---------------------------------------------------------------------------------------------
-- Hand-written: row-level security and the job-enqueue function.
-- ---------------------------------------------------------------------------------------------

ALTER TABLE "WebhookEndpoint" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "WebhookEndpoint" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "WebhookEndpoint" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "WebhookStatusChange" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "WebhookStatusChange" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "WebhookStatusChange" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "WebhookDelivery" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "WebhookDelivery" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "WebhookDelivery" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "WebhookAttempt" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "WebhookAttempt" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "WebhookAttempt" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "AdminNotification" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "AdminNotification" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "AdminNotification" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

-- Lets the application (crm_app, no rights on the queue's private tables) schedule webhook jobs in
-- the same transaction as the delivery row they act on, so a committed retry is never lost.
-- Restricted to the webhook tasks. graphile_worker's schema is installed after the migrations;
-- PL/pgSQL resolves the call at run time.
CREATE FUNCTION crm_enqueue_webhook_job(task text, payload json, run_at timestamptz DEFAULT NULL, job_key text DEFAULT NULL, job_key_mode text DEFAULT 'replace')
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF task NOT LIKE 'webhooks.%' THEN
    RAISE EXCEPTION 'crm_enqueue_webhook_job: % is not a webhook task', task;
  END IF;
  PERFORM graphile_worker.add_job(task, payload, run_at => run_at, max_attempts => 25, job_key => job_key, job_key_mode => job_key_mode);
END $$;
REVOKE ALL ON FUNCTION crm_enqueue_webhook_job(text, json, timestamptz, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION crm_enqueue_webhook_job(text, json, timestamptz, text, text) TO crm_app;
