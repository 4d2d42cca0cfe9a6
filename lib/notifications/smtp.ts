import nodemailer, { type Transporter } from 'nodemailer';

let cached: { url: string; transport: Transporter } | undefined;

/** The SMTP transport of `SMTP_URL` (e.g. `smtp://user:pass@mail.bank.example:587`), or null when unset. */
export function getMailTransport(): Transporter | null {
  const url = process.env.SMTP_URL;
  if (!url) return null;
  if (cached?.url !== url) {
    cached?.transport.close();
    // Bounded: a hung SMTP server must not hold a worker slot for long; the job is retried.
    cached = { url, transport: nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }) };
  }
  return cached.transport;
}

export function mailFrom(): string {
  return process.env.SMTP_FROM ?? 'Compliance CRM <no-reply@localhost>';
}
