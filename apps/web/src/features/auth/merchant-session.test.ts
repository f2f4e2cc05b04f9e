// @vitest-environment jsdom
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { merchantAccount } from '@/lib/session-storage';
import { currentMerchantQueryKey } from './api/get-current-merchant';
import { forgetMerchant, rememberMerchant } from './merchant-session';
import { aMerchant } from './testing';

afterEach(() => sessionStorage.clear());

describe('who is signed in, for this tab', () => {
  it('at login, drops what the previous visitor left in the cache and tells the screens who is in', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(['nests', 'me'], { name: 'Someone else’s nest' });
    const seen: unknown[] = [];
    const observer = new QueryObserver(queryClient, { queryKey: currentMerchantQueryKey, enabled: false });
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));

    const merchant = aMerchant();
    rememberMerchant(queryClient, merchant);
    expect(queryClient.getQueryData(['nests', 'me'])).toBeUndefined();
    expect(merchantAccount.get()).toEqual(merchant);
    expect(seen.at(-1)).toEqual(merchant);
    unsubscribe();
  });

  it('at logout, clears the stored account and the shown merchant without fetching anything', () => {
    const queryClient = createQueryClient();
    const fetchMerchant = vi.fn();
    rememberMerchant(queryClient, aMerchant());
    queryClient.setQueryData(['offers'], ['inactive, cached']);
    const seen: unknown[] = [];
    const observer = new QueryObserver(queryClient, {
      queryKey: currentMerchantQueryKey,
      queryFn: fetchMerchant,
      enabled: false,
    });
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));

    forgetMerchant(queryClient);
    expect(merchantAccount.get()).toBeNull();
    expect(seen.at(-1)).toBeUndefined();
    expect(queryClient.getQueryData(['offers'])).toBeUndefined();
    expect(fetchMerchant).not.toHaveBeenCalled();
    unsubscribe();
  });
});
