import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createOutboxMailer, createSmtpMailer, readOutbox, type OutboxEntry } from './mailer';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

describe('SMTP mailer', () => {
  it('delivers to an SMTP server (a local sink here)', async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const address = sink.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Studio <no-reply@studio.test>');
      await mailer.send({
        to: 'ana@example.com',
        subject: 'Reset your password',
        text: 'Open http://x/reset',
      });
    } finally {
      await new Promise<void>((resolve) => {
        sink.close(resolve);
      });
    }
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@studio.test', to: ['ana@example.com'] });
    expect(received[0]?.data).toContain('Subject: Reset your password');
  });
});

describe('local outbox mailer', () => {
  it('keeps each message as a private file, logs it, and lists newest first', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-outbox-'));
    dirs.push(dir);
    const logged: OutboxEntry[] = [];
    const outbox = path.join(dir, 'outbox');
    const mailer = createOutboxMailer(outbox, 'Studio <no-reply@localhost>', (e) => logged.push(e));
    await mailer.send({ to: 'a@example.com', subject: 'First', text: 'one' });
    await new Promise((r) => setTimeout(r, 5));
    await mailer.send({
      to: 'b@example.com',
      subject: 'Second',
      text: 'two http://localhost/link',
    });
    expect(logged.map((e) => e.subject)).toEqual(['First', 'Second']);
    const entries = await readOutbox(outbox);
    expect(entries.map((e) => e.subject)).toEqual(['Second', 'First']);
    const [file] = await fs.readdir(outbox);
    expect((await fs.stat(path.join(outbox, file ?? ''))).mode & 0o777).toBe(0o600);
  });
});
