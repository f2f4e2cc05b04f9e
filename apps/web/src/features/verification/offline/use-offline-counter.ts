import type { OfflineCheckIn, OfflineSnapshot, OfflineSyncResult } from '@nest/contracts/offline';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api-client';
import { ApiError, NETWORK_ERROR_CODE } from '@/lib/api-error';
import { acceptedOfflineQueryKey, checkInsQueryKey } from '../api/verify';
import {
  countQueued,
  dequeue,
  enqueue,
  loadSnapshot,
  queued,
  rememberKey,
  type StoredSnapshot,
  saveSnapshot,
  unlocked,
} from './store';
import { checkPassOffline, countLocally, type OfflineVerdict, offlineVerdict } from './verdict';

/** While online, the snapshot is taken again this often (the issue: every minute). */
export const SNAPSHOT_REFRESH_MS = 60_000;
const SYNC_BATCH = 200;

export type OfflineAnswer =
  | { kind: 'online_only' }
  | { kind: 'no_snapshot' }
  | {
      kind: 'verdict';
      verdict: OfflineVerdict;
      offer: { name: string; grants: string } | null;
      snapshotAt: string;
      checkedAt: string;
    };

export const isNetworkError = (error: unknown) =>
  error instanceof ApiError && error.problem.code === NETWORK_ERROR_CODE;

function useOnline() {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return [online, setOnline] as const;
}

/**
 * The counter's offline side (ADRs 184, 185): takes the snapshot every minute while online and
 * keeps it encrypted on the device; answers a scanned pass from it when the API cannot be reached,
 * queueing the check-in; sends the queue, in order, when the connection comes back.
 */
export function useOfflineCounter() {
  const queryClient = useQueryClient();
  const [online, setOnline] = useOnline();
  const [snapshot, setSnapshot] = useState<StoredSnapshot | null>(null);
  const [pending, setPending] = useState(0);
  const lock = useRef<{ nestId: string; key: CryptoKey } | null>(null);
  const syncing = useRef(false);

  const refreshCount = useCallback(async () => {
    if (lock.current) setPending(await countQueued(lock.current.nestId));
  }, []);

  const sync = useCallback(async () => {
    const current = lock.current;
    if (!current || syncing.current) return;
    syncing.current = true;
    try {
      for (;;) {
        const batch = (await queued(current.nestId, current.key)).slice(0, SYNC_BATCH);
        if (batch.length === 0) break;
        await api.post<OfflineSyncResult>(
          '/api/v1/nests/me/verifications/offline',
          { check_ins: batch.map((entry) => entry.checkIn) },
          { retry: false },
        );
        await dequeue(batch.map((entry) => entry.storeKey));
      }
      void queryClient.invalidateQueries({ queryKey: checkInsQueryKey });
      void queryClient.invalidateQueries({ queryKey: acceptedOfflineQueryKey });
    } finally {
      syncing.current = false;
      await refreshCount();
    }
  }, [queryClient, refreshCount]);

  const refresh = useCallback(async () => {
    try {
      await sync();
      const fresh = await api.get<OfflineSnapshot>('/api/v1/nests/me/verifications/offline', {
        retry: false,
      });
      const key = await rememberKey(fresh.nest_id, fresh.storage_key);
      lock.current = { nestId: fresh.nest_id, key };
      const { storage_key: _key, ...kept } = fresh;
      await saveSnapshot(key, kept);
      setSnapshot(kept);
      setOnline(true);
      await refreshCount();
    } catch (error) {
      if (isNetworkError(error)) setOnline(false);
    }
  }, [sync, refreshCount, setOnline]);

  // What this device kept, first: the counter can answer before (or without) the first refresh.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const found = await unlocked().catch(() => null);
      if (!found || cancelled) return;
      lock.current = found;
      const kept = await loadSnapshot(found.nestId, found.key);
      if (!cancelled && kept) setSnapshot((known) => known ?? kept);
      await refreshCount();
    })();
    return () => {
      cancelled = true;
    };
  }, [refreshCount]);

  useEffect(() => {
    if (!online) return;
    void refresh();
    const timer = window.setInterval(() => void refresh(), SNAPSHOT_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [online, refresh]);

  const verifyOffline = useCallback(
    async (token: string): Promise<OfflineAnswer> => {
      const current = lock.current;
      const kept = snapshot;
      if (!current || !kept) return { kind: 'no_snapshot' };
      const now = new Date();
      const pass = await checkPassOffline(token, kept, now);
      if (!pass.ok && pass.reason === 'online_only') return { kind: 'online_only' };
      const entry = pass.ok ? kept.subscriptions.find((s) => s.id === pass.subscriptionId) : undefined;
      const verdict: OfflineVerdict = pass.ok
        ? offlineVerdict(entry, now)
        : {
            ...offlineVerdict(undefined, now),
            reason: pass.reason === 'expired_pass' ? 'expired_pass' : 'invalid_pass',
          };
      const checkIn: OfflineCheckIn = {
        client_id: crypto.randomUUID(),
        subscription_id: pass.ok && entry ? entry.id : null,
        checked_at: now.toISOString(),
        result: verdict.result,
        reason: verdict.reason,
      };
      await enqueue(current.nestId, current.key, checkIn);
      if (pass.ok && entry && verdict.counts) {
        const next = countLocally(kept, entry.id, now);
        await saveSnapshot(current.key, next);
        setSnapshot(next);
      }
      await refreshCount();
      const offer = entry ? (kept.offers.find((o) => o.id === entry.offer_id) ?? null) : null;
      return {
        kind: 'verdict',
        verdict,
        offer: offer ? { name: offer.name, grants: offer.grants } : null,
        snapshotAt: kept.generated_at,
        checkedAt: checkIn.checked_at,
      };
    },
    [snapshot, refreshCount],
  );

  return { online, setOffline: () => setOnline(false), snapshot, pending, verifyOffline, sync };
}
