import { withTenant } from '@/lib/db/tenant-tx';
import { emailHtml, type EmailLanguage } from './status-email';
import { getMailTransport, mailFrom } from './smtp';

/**
 * Sends one EmailNotification (job `notifications.email`, enqueued by the row's insert trigger)
 * and records the outcome on the row. No SMTP_URL → Skipped. A failure is recorded and rethrown so
 * the queue retries it with backoff; after the last attempt the row is Failed. Delivery is at
 * least once: a crash between the SMTP accept and the row update sends the e-mail again.
 */
export async function sendEmailNotification({
  tenantId,
  notificationId,
  attempt,
  maxAttempts,
}: {
  tenantId: string;
  notificationId: string;
  attempt: number;
  maxAttempts: number;
}) {
  const row = await withTenant(tenantId, (tx) => tx.emailNotification.findFirst({ where: { id: notificationId, tenantId } }));
  if (!row || row.status !== 'Pending') return;
  const transport = getMailTransport();
  if (!transport) {
    await withTenant(tenantId, (tx) => tx.emailNotification.update({ where: { id: row.id }, data: { status: 'Skipped', lastError: 'SMTP_URL is not set' } }));
    return;
  }
  try {
    const info = await transport.sendMail({
      from: mailFrom(),
      to: row.recipient,
      subject: row.subject,
      text: row.body,
      html: emailHtml(row.body, row.language as EmailLanguage),
      headers: { 'Content-Language': row.language },
    });
    await withTenant(tenantId, (tx) =>
      tx.emailNotification.update({
        where: { id: row.id },
        data: { status: 'Sent', messageId: info.messageId, sentAt: new Date(), attempts: { increment: 1 }, lastError: null },
      }),
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await withTenant(tenantId, (tx) =>
      tx.emailNotification.update({
        where: { id: row.id },
        data: { status: attempt >= maxAttempts ? 'Failed' : 'Pending', attempts: { increment: 1 }, lastError: message.slice(0, 1000) },
      }),
    );
    throw error;
  }
}
