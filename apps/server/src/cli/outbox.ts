import path from 'node:path';
import { loadConfig } from '../config/env';
import { readOutbox } from '../platform/email/mailer';

// `npm run outbox [-- --limit N] [-- --to address]`: lists the mail kept in $DATA_DIR/outbox (the local
// stand-in for an SMTP server), newest first, with the links each message contains.
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const config = loadConfig();
const to = option('to')?.toLowerCase();
const limit = Number(option('limit') ?? 10);
const entries = (await readOutbox(path.join(config.dataDir, 'outbox')))
  .filter((e) => !to || e.to.toLowerCase() === to)
  .slice(0, limit);

if (entries.length === 0) {
  process.stdout.write(`No messages in ${path.join(config.dataDir, 'outbox')}\n`);
}
for (const e of entries) {
  const links = e.text.match(/https?:\/\/\S+/g) ?? [];
  process.stdout.write(
    `${e.createdAt}  to ${e.to}\n  ${e.subject}\n${links.map((l) => `  ${l}\n`).join('')}\n`,
  );
}
