// @vitest-environment jsdom
import type { Merchant } from '@nest/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { customerAccount, merchantAccount } from './session-storage';

const merchant: Merchant = {
  id: '5d0f7c1e-8d3a-4f55-9b8e-0d6c2f7a1b11',
  email: 'lune@example.com',
  name: 'Café Lune',
  locale: 'fr-FR',
  time_zone: 'Europe/Paris',
  onboarded_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  subscription: null,
};

afterEach(() => sessionStorage.clear());

describe('session storage of the current accounts', () => {
  it('keeps the merchant and the customer under two keys', () => {
    merchantAccount.set(merchant);
    customerAccount.set({ id: 'c1', email: 'ana@example.com', name: null });
    expect(merchantAccount.key).not.toBe(customerAccount.key);
    expect(JSON.parse(sessionStorage.getItem('nest.merchant')!)).toEqual(merchant);
    expect(JSON.parse(sessionStorage.getItem('nest.customer')!)).toEqual({
      id: 'c1',
      email: 'ana@example.com',
      name: null,
    });
    expect(merchantAccount.get()).toEqual(merchant);
    expect(customerAccount.get()).toEqual({ id: 'c1', email: 'ana@example.com', name: null });
  });

  it('clears one account without touching the other', () => {
    merchantAccount.set(merchant);
    customerAccount.set({ id: 'c1', email: 'ana@example.com', name: null });
    merchantAccount.clear();
    expect(merchantAccount.get()).toBeNull();
    expect(customerAccount.get()).not.toBeNull();
  });

  it('treats a corrupted value as no account and removes it', () => {
    sessionStorage.setItem('nest.merchant', '{broken');
    expect(merchantAccount.get()).toBeNull();
    expect(sessionStorage.getItem('nest.merchant')).toBeNull();
  });
});
