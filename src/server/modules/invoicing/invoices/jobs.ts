import type { FastifyBaseLogger } from 'fastify';
import type { ReminderType } from '@shared/invoicing/contracts.ts';
import { nextAutomaticReminder } from '@shared/invoicing/reminders.ts';
import { invoiceStatus } from '@shared/invoicing/status.ts';
import { todayIn } from '../dates-and-money.ts';
import * as repo from './repository.ts';
import { REMINDER_TEMPLATES, deliverReminder } from './sending.ts';
import type { InvoiceMailDeps } from './service.ts';

const TYPE_OF_ACTIVITY = Object.fromEntries(
  Object.entries(REMINDER_TEMPLATES).map(([type, t]) => [t.type, type as ReminderType]),
) as Record<string, ReminderType>;

/**
 * Automatic payment reminders (issue 5; rule in nextAutomaticReminder): every issued, unpaid invoice of an
 * organization with automatic reminders on gets the reminder it is due. Each one is claimed first with a
 * conditional update of last_reminder_at, so two instances running the job at the same moment never send the
 * same reminder twice; a send that fails gives the claim back.
 */
export async function sendAutomaticReminders(deps: InvoiceMailDeps, now = new Date()): Promise<number> {
  const candidates = await repo.listReminderCandidates(deps.db);
  if (candidates.length === 0) return 0;
  const activity = await repo.listEmailActivityTypes(
    deps.db,
    candidates.map((c) => c.invoice.id),
  );
  let sent = 0;
  const todayByOrg = new Map<string, string>();
  for (const { invoice, everyDays } of candidates) {
    const orgId = invoice.organizationId;
    if (!todayByOrg.has(orgId)) todayByOrg.set(orgId, await todayIn(deps, { orgId, now }));
    const today = todayByOrg.get(orgId)!;
    const type = nextAutomaticReminder({
      dueDate: invoice.dueDate,
      lastReminderAt: invoice.lastReminderAt?.toISOString().slice(0, 10) ?? null,
      everyDays: everyDays ?? 7,
      today,
      status: invoiceStatus(invoice, today),
      sentTypes: activity
        .filter((a) => a.invoiceId === invoice.id && TYPE_OF_ACTIVITY[a.type])
        .map((a) => TYPE_OF_ACTIVITY[a.type]!),
    });
    if (!type) continue;
    const claimed = await repo.claimReminder(deps.db, invoice, now);
    if (!claimed) continue; // another instance got it
    try {
      await deliverReminder(deps, { orgId, userId: null, row: invoice, type, today });
      sent++;
    } catch (err) {
      await repo.releaseReminder(deps.db, invoice);
      throw err;
    }
  }
  return sent;
}

/**
 * Runs the reminders at start-up and every hour; stop() ends it after the run in progress. A failure is logged,
 * never thrown.
 */
export function startInvoiceJobs(deps: InvoiceMailDeps & { log: FastifyBaseLogger }) {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const run = () => {
    if (stopped || running) return;
    running = sendAutomaticReminders(deps)
      .catch((err: unknown) => deps.log.error({ err }, 'automatic reminders failed'))
      .finally(() => (running = null));
  };
  const first = setTimeout(run, 5_000);
  const timer = setInterval(run, 60 * 60 * 1000);
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
