import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { productDisplayName } from '@studio/contract';
import { loadConfig } from '../config/env';
import { AppError } from '../http/errors';
import * as billing from '../modules/billing/billing.service';
import * as credits from '../modules/credits/credits.service';
import { providerCostReport } from '../modules/provider-costs/provider-costs.service';
import { unmarkedReport } from '../modules/provenance/provenance.service';
import * as users from '../modules/users/users.service';
import { openCliDatabase } from './database';
import { promoUsage, runPromoCommand } from './promo-commands';

const usage = `Operator commands (npm run admin -- <command> ...):

  grant <email> <credits> --reason "..."        add never-expiring credits
  adjust <email> <+/-credits> --reason "..."    add or remove credits (never below zero)
  cancel-subscription <email> --reason "..." [--refund]
                                                end the plan now and remove its unspent credits;
                                                --refund also marks its order refunded (refund the
                                                money in the Stripe / Razorpay dashboard)
  orders <email>                                list the user's orders
  ledger <email>                                list the user's credit entries
  check-balances                                verify every balance equals the sum of its entries
  provider-costs [--since 2026-11-01]           what fal cost per tool and outcome, and the share
                                                spent on refunded or free work (default: 30 days)
  unmarked-outputs [--since 2026-11-01]         outputs stored without content credentials, per
                                                tool (marking failed; default: 30 days)
${promoUsage}`;

// parseArgs would read "-3" as an option, so a negative amount is taken out before parsing.
const NEGATIVE = /^-\d+$/;
const rawArgs = process.argv.slice(2);
const { positionals, values } = parseArgs({
  args: rawArgs.filter((arg) => !NEGATIVE.test(arg)),
  allowPositionals: true,
  options: {
    reason: { type: 'string' },
    refund: { type: 'boolean', default: false },
    since: { type: 'string' },
    // promo-create
    title: { type: 'string' },
    discount: { type: 'string' },
    'sub-message': { type: 'string' },
    'cta-text': { type: 'string' },
    'cta-link': { type: 'string' },
    variant: { type: 'string' },
    starts: { type: 'string' },
    ends: { type: 'string' },
    'timer-minutes': { type: 'string' },
  },
});
const [command, email, amountText = rawArgs.find((arg) => NEGATIVE.test(arg))] = positionals;
const out = (line: string) => process.stdout.write(`${line}\n`);

function requireReason(): string {
  const reason = values.reason?.trim();
  if (!reason) throw new AppError(400, 'bad_request', 'Give a --reason: it is kept in the ledger.');
  return reason;
}

/** --since as a date (YYYY-MM-DD or an ISO instant); 30 days back when absent. */
function sinceDate(text: string | undefined): Date {
  if (text === undefined) return new Date(Date.now() - 30 * 24 * 60 * 60_000);
  const since = new Date(text);
  const year = since.getUTCFullYear();
  if (Number.isNaN(since.getTime()) || year < 2000 || year > 9999) {
    throw new AppError(400, 'bad_request', 'Give --since as a date, like 2026-11-01.');
  }
  return since;
}

async function main(): Promise<number> {
  if (!command || command === 'help' || command === '--help') {
    out(usage);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  const database = await openCliDatabase(config);
  const { db } = database;
  try {
    if (command.startsWith('promo-')) {
      // The second word is the banner id for promo-end.
      return await runPromoCommand(db, config, command, email, values, out);
    }
    if (command === 'check-balances') {
      const mismatches = await credits.findBalanceMismatches(db);
      for (const m of mismatches) {
        out(
          `MISMATCH ${m.userId}: balance ${String(m.balance)}, entries ${String(m.entriesSum)}, lots ${String(m.lotsSum)}`,
        );
      }
      out(mismatches.length === 0 ? 'OK: every balance equals the sum of its entries.' : '');
      return mismatches.length === 0 ? 0 : 2;
    }
    if (command === 'unmarked-outputs') {
      const lines = await unmarkedReport(db, sinceDate(values.since));
      for (const text of lines) out(text);
      return 0;
    }
    if (command === 'provider-costs') {
      for (const text of await providerCostReport(db, sinceDate(values.since))) out(text);
      return 0;
    }
    if (!email) throw new AppError(400, 'bad_request', `${command} needs an email.\n\n${usage}`);
    const user = await users.findUserByEmail({ db }, email);
    if (!user) throw new AppError(404, 'not_found', `No account with the email ${email}.`);

    switch (command) {
      case 'grant':
      case 'adjust': {
        const amount = Number(amountText);
        if (!Number.isInteger(amount) || amount === 0 || (command === 'grant' && amount < 0)) {
          throw new AppError(400, 'bad_request', 'Give a whole, non-zero number of credits.');
        }
        const result = await credits.adjust(db, {
          userId: user.id,
          amount,
          reason: requireReason(),
          key: `admin:${randomUUID()}`,
        });
        out(
          `${user.email}: ${amount > 0 ? '+' : ''}${String(amount)} credits, balance ${String(result.balance)}`,
        );
        return 0;
      }
      case 'cancel-subscription': {
        const ended = await billing.cancelSubscription({ db }, user.id, {
          refund: values.refund,
          reason: requireReason(),
        });
        out(
          `${user.email}: ${ended.type} ${ended.status}; balance ${String(await credits.balanceOf(db, user.id))}`,
        );
        return 0;
      }
      case 'orders': {
        const orders = await billing.listOrders({ db }, user.id);
        if (orders.length === 0) out('No orders.');
        for (const o of orders) {
          out(
            `${o.createdAt.toISOString()}  ${o.id}  ${productDisplayName(o.serviceType).padEnd(22)} ${(o.amountMinor / 100).toFixed(2)} ${o.currency}  ${o.provider.padEnd(8)} ${o.status}${o.failureReason ? ` (${o.failureReason})` : ''}`,
          );
        }
        return 0;
      }
      case 'ledger': {
        const entries = await credits.listEntries(db, user.id);
        for (const e of entries) {
          out(
            `${e.createdAt.toISOString()}  ${e.kind.padEnd(8)} ${String(e.amount).padStart(6)}  → ${String(e.balanceAfter).padStart(6)}  ${e.referenceType ?? ''}${e.referenceId ? `:${e.referenceId}` : ''}${e.reason ? `  "${e.reason}"` : ''}`,
          );
        }
        out(`Balance: ${String(await credits.balanceOf(db, user.id))}`);
        return 0;
      }
      default:
        throw new AppError(400, 'bad_request', `Unknown command ${command}.\n\n${usage}`);
    }
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
