import { withTenant } from '@/lib/db/tenant-tx';
import { openSecret } from '@/lib/webhooks/secret-box';
import { emailHtml, type EmailLanguage } from './status-email';
import { getMailTransport, mailFrom } from './smtp';

/**
 * Sends one EmailNotification (job `notifications.email`, enqueued by the row's insert trigger)
 * and records the outcome on the row. No SMTP_URL → Skipped. A failure is recorded and rethrown so
 * the queue retries it with backoff; after the last attempt the row is Failed. Delivery is at
 * least once: a crash between the SMTP accept and the row update sends the e-mail again.
 * `sealed` values (a single-use link) are filled into `{{name}}` placeholders only here, and
 * erased from the row once the e-mail is sent, skipped or has failed for good.
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
    await withTenant(tenantId, (tx) =>
      tx.emailNotification.update({ where: { id: row.id }, data: { status: 'Skipped', lastError: 'SMTP_URL is not set', sealed: null } }),
    );
    return;
  }
  const values: Record<string, string> = row.sealed ? JSON.parse(openSecret(row.sealed, tenantId)) : {};
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
  try {
    const body = fill(row.body);
    const info = await transport.sendMail({
      from: mailFrom(),
      to: row.recipient,
      subject: fill(row.subject),
      text: body,
      html: emailHtml(
        body,
        row.language as EmailLanguage,
        Object.values(values).filter((value) => /^https?:\/\//.test(value)),
      ),
      headers: { 'Content-Language': row.language },
    });
    await withTenant(tenantId, (tx) =>
      tx.emailNotification.update({
        where: { id: row.id },
        data: { status: 'Sent', messageId: info.messageId, sentAt: new Date(), attempts: { increment: 1 }, lastError: null, sealed: null },
      }),
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await withTenant(tenantId, (tx) =>
      tx.emailNotification.update({
        where: { id: row.id },
        data: {
          status: attempt >= maxAttempts ? 'Failed' : 'Pending',
          attempts: { increment: 1 },
          lastError: message.slice(0, 1000),
          ...(attempt >= maxAttempts ? { sealed: null } : {}),
        },
      }),
    );
    throw error;
  }
}
