import { z } from 'zod';
import { usageAllowanceSchema } from './offers.js';
import { subscriptionStatusSchema } from './plans.js';
import { checkInSchema, verificationReasonSchema, verificationResultKindSchema } from './verification.js';

/**
 * The counter without the network (ADRs 184, 185): its own entry point (`@nest/contracts/offline`),
 * out of the barrel, so the app shell's first visit does not carry these schemas.
 */
const timestamp = z.iso.datetime({ offset: true });

/** How long a counter's offline snapshot may age before the screen shows it in amber, by default (minutes). */
export const OFFLINE_STALE_MINUTES_DEFAULT = 10;
export const OFFLINE_STALE_MINUTES_MAX = 24 * 60;
/** At most this many queued check-ins are sent in one request (the counter sends the rest after). */
export const OFFLINE_SYNC_MAX = 200;

/**
 * GET /nests/me/verifications/offline: what a counter needs to answer without the network (ADR 184).
 * Only subscriptions that have a pass; `used` is the allowance used in the window that ends at
 * `window_ends_at` (then the device counts from 0). No customer name or email leaves the server.
 */
export const offlineSnapshotSchema = z
  .object({
    nest_id: z.uuid(),
    /** The nest's Ed25519 public key (raw 32 bytes, base64url): verifies the passes (ADR 183). */
    public_key: z.string(),
    generated_at: timestamp,
    /** Amber past this age (minutes), as the merchant set it. */
    stale_after_minutes: z.number().int(),
    /**
     * The key that encrypts this snapshot and the queued check-ins on the device (AES-GCM, 32 bytes,
     * base64url): the same for this merchant and nest whenever asked, only to a signed-in session.
     */
    storage_key: z.string(),
    offers: z.array(z.object({ id: z.uuid(), name: z.string(), grants: z.string() })),
    subscriptions: z.array(
      z.object({
        id: z.uuid(),
        offer_id: z.uuid(),
        status: subscriptionStatusSchema,
        current_period_start: timestamp.nullable(),
        current_period_end: timestamp.nullable(),
        cancel_at_period_end: z.boolean(),
        /** A pause (ADR 150), refused as paused from its start until its end; null when none. */
        pause_starts_at: timestamp.nullable(),
        pause_ends_at: timestamp.nullable(),
        grace_days: z.number().int(),
        allowance: usageAllowanceSchema.nullable(),
        used: z.number().int(),
        window_ends_at: timestamp.nullable(),
        /** When it last counted: a second scan within 5 minutes is a repeat. */
        last_counted_at: timestamp.nullable(),
      }),
    ),
  })
  .meta({ id: 'OfflineSnapshot' });
export type OfflineSnapshot = z.infer<typeof offlineSnapshotSchema>;

export const offlineSettingsBodySchema = z
  .object({ stale_after_minutes: z.number().int().min(1).max(OFFLINE_STALE_MINUTES_MAX) })
  .strict()
  .meta({ id: 'OfflineSettings' });
export type OfflineSettingsBody = z.infer<typeof offlineSettingsBodySchema>;

/** One check-in given offline, as the device recorded it. */
export const offlineCheckInSchema = z
  .object({
    /** Made by the device when it gave the answer: sending it twice records it once. */
    client_id: z.uuid(),
    /** Null when the pass named no subscription of the snapshot (forged, another nest's, unknown). */
    subscription_id: z.uuid().nullable(),
    checked_at: timestamp,
    /** What the counter showed. */
    result: verificationResultKindSchema,
    reason: verificationReasonSchema.nullable(),
  })
  .strict();
export type OfflineCheckIn = z.infer<typeof offlineCheckInSchema>;

export const offlineCheckInsBodySchema = z
  .object({ check_ins: z.array(offlineCheckInSchema).min(1).max(OFFLINE_SYNC_MAX) })
  .strict()
  .meta({ id: 'OfflineCheckIns' });
export type OfflineCheckInsBody = z.infer<typeof offlineCheckInsBodySchema>;

export const offlineSyncResultSchema = z
  .object({
    check_ins: z.array(
      z.object({
        client_id: z.uuid(),
        /** The check-in on the server (the same one when sent again). */
        check_in: checkInSchema,
        /** This request recorded it (false: an earlier one had). */
        created: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'OfflineSyncResult' });
export type OfflineSyncResult = z.infer<typeof offlineSyncResultSchema>;
