import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (a receipt's PDF). */
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface OutboxEntry extends Omit<MailMessage, 'attachments'> {
  id: string;
  from: string;
  createdAt: string;
  /** Attachments as base64, so the JSON file holds them whole. */
  attachments?: { filename: string; contentType: string; contentBase64: string }[];
}

/** Production: real delivery through any SMTP server (`SMTP_URL`). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * Local default: each message is written to the log and kept as a JSON file in the outbox folder, so
 * a password-reset link can be followed on a machine with no mail server (`npm run outbox` lists them).
 */
export function createOutboxMailer(
  outboxDir: string,
  from: string,
  log: (entry: OutboxEntry) => void,
): Mailer {
  return {
    async send(message) {
      const { attachments, ...rest } = message;
      const entry: OutboxEntry = {
        id: randomUUID(),
        from,
        createdAt: new Date().toISOString(),
        ...rest,
        ...(attachments
          ? {
              attachments: attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                contentBase64: a.content.toString('base64'),
              })),
            }
          : {}),
      };
      await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(
        outboxDir,
        `${entry.createdAt.replace(/[:.]/g, '-')}-${entry.id}.json`,
      );
      await fs.writeFile(file, JSON.stringify(entry, null, 2), { mode: 0o600 });
      log(entry);
    },
  };
}

/** Outbox messages, newest first. */
export async function readOutbox(outboxDir: string): Promise<OutboxEntry[]> {
  let files: string[];
  try {
    files = (await fs.readdir(outboxDir)).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  const entries = await Promise.all(
    files.map(
      async (f) => JSON.parse(await fs.readFile(path.join(outboxDir, f), 'utf8')) as OutboxEntry,
    ),
  );
  return entries.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
