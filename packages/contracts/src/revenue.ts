import { z } from 'zod';
import { text } from './text.js';

/** The merchant is warned (banner, email) from this share of the plan's monthly revenue limit. */
export const REVENUE_WARNING_PERCENT = 80;

/**
 * The merchant's revenue this calendar month (their time zone) against their plan's limit, for the
 * dashboard banner. At the limit, new subscriptions through links pause; renewals never stop.
 */
export const revenueSchema = z
  .object({
    /** "2025-03": the month, in the merchant's time zone. */
    month: z.string().regex(/^\d{4}-\d{2}$/),
    month_cents: z.number().int(),
    /** null: the plan has no limit. */
    limit_cents: z.number().int().nullable(),
    /** month_cents / limit_cents, null without a limit. */
    ratio: z.number().nullable(),
    /** At or past REVENUE_WARNING_PERCENT of the limit. */
    warning: z.boolean(),
    /** At or past the limit: new subscriptions pause until next month or an upgrade. */
    limit_reached: z.boolean(),
    currency: z.string(),
    /** Customers with a live (trialing or active) subscription in the merchant's nest now. */
    active_subscribers: z.number().int(),
  })
  .meta({ id: 'Revenue' });
export type Revenue = z.infer<typeof revenueSchema>;

const cents = z.number().int();
const timestamp = z.iso.datetime({ offset: true });
const MONTH_KEY = /^\d{4}-(0[1-9]|1[0-2])$/;
const monthKey = z.string().regex(MONTH_KEY);

/** ?month=2025-03: the period of the summary; by default the merchant's current month. */
export const revenueSummaryQuerySchema = z.object({
  month: text()
    .max(7)
    .refine((value) => MONTH_KEY.test(value), { error: 'A month is written YYYY-MM' })
    .optional()
    .meta({
      description: 'A calendar month, YYYY-MM, in the merchant’s time zone. Default: the current one.',
    }),
});
export type RevenueSummaryQuery = z.infer<typeof revenueSummaryQuerySchema>;

/** A period's figures. Figures of an instant (MRR, live subscribers, pending payout) are at the period's end, or now. */
export const revenueFiguresSchema = z
  .object({
    /** Customer payments less refunds that succeeded in the period. */
    revenue_cents: cents,
    /** Paying (active or past-due) subscriptions, each price normalised to a month; trials excluded. */
    mrr_cents: cents,
    /** MRR less subscriptions set to cancel at period end; null for a past period (not kept in history). */
    committed_mrr_cents: cents.nullable(),
    /** Subscriptions live (trial, active, past due) at the period's end. */
    active_subscribers: z.number().int(),
    /** Subscriptions started in the period. */
    new_subscribers: z.number().int(),
    /** Subscriptions that ended in the period. */
    cancellations: z.number().int(),
    /** Cancellations in the 30 days to the period's end ÷ subscriptions live 30 days before; null with none. */
    churn_rate: z.number().nullable(),
    /** Check-ins that counted (eligible, not a repeat) in the period. */
    check_ins: z.number().int(),
    /** Payouts pending or in transit now; null for a past period. */
    pending_payout_cents: cents.nullable(),
  })
  .meta({ id: 'RevenueFigures' });
export type RevenueFigures = z.infer<typeof revenueFiguresSchema>;

export const ledgerEntrySchema = z
  .object({
    id: z.uuid(),
    kind: z.string(),
    status: z.string(),
    /** Signed: money in is positive, refunds and payouts negative. */
    amount_cents: cents,
    currency: z.string(),
    occurred_at: timestamp,
    customer_name: z.string().nullable(),
    customer_email: z.string().nullable(),
  })
  .meta({ id: 'LedgerEntry' });
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const revenueSummarySchema = z
  .object({
    currency: z.string(),
    time_zone: z.string(),
    period: z.object({
      month: monthKey,
      start: timestamp,
      end: timestamp,
      /** The instant the figures are taken at: now for the current month, its end for a past one. */
      as_of: timestamp,
      current: z.boolean(),
    }),
    previous_period: z.object({ month: monthKey, start: timestamp, end: timestamp }),
    current: revenueFiguresSchema,
    previous: revenueFiguresSchema,
    /**
     * For the current month only (null for a past one): what flowed in the same part of the previous
     * month, from its start to as long after it as `as_of` is after this month's start (at most its
     * end). A month under way is compared with this, not with the whole of the previous month.
     */
    previous_to_date: z
      .object({
        /** The end of that part of the previous month. */
        as_of: timestamp,
        revenue_cents: cents,
        new_subscribers: z.number().int(),
        cancellations: z.number().int(),
        check_ins: z.number().int(),
      })
      .nullable(),
    /** The current month's revenue (customer payments, what the plan's limit counts) at its end; null for a past month. */
    forecast: z
      .object({
        month_end_cents: cents,
        collected_cents: cents,
        scheduled_renewals_cents: cents,
        new_business_cents: cents,
      })
      .nullable(),
    /** Subscriptions that are past due now (their renewal failed and is being retried). */
    past_due_subscribers: z.number().int(),
    series: z.object({
      /** 12 months ending with the period, oldest first. */
      revenue_by_month: z.array(z.object({ month: monthKey, revenue_cents: cents })),
      /** 12 months ending with the period, oldest first. */
      subscribers_by_month: z.array(
        z.object({
          month: monthKey,
          active: z.number().int(),
          new: z.number().int(),
          cancelled: z.number().int(),
        }),
      ),
      /** 30 days ending with the period's last day (today for the current month), oldest first. */
      check_ins_by_day: z.array(z.object({ day: z.string(), check_ins: z.number().int() })),
    }),
    /** The 5 latest ledger rows, newest first. */
    recent_transactions: z.array(ledgerEntrySchema),
    payouts: z.object({
      /** The latest payout pending or in transit. */
      next: ledgerEntrySchema.nullable(),
      /** The latest payout paid. */
      last: ledgerEntrySchema.nullable(),
    }),
  })
  .meta({ id: 'RevenueSummary' });
export type RevenueSummary = z.infer<typeof revenueSummarySchema>;
