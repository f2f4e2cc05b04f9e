import type { PaymentProvider } from '../../payments/port.js';

/**
 * A fresh single-use onboarding link at the provider. Its return and refresh addresses are always ours,
 * built here from the configured public address and the account id: nothing from the request can
 * choose where the provider sends the merchant afterwards.
 */
export async function createOnboardingLink(
  provider: PaymentProvider,
  publicUrl: string,
  accountId: string,
): Promise<string> {
  const id = encodeURIComponent(accountId);
  const { url } = await provider.createAccountLink(accountId, {
    refreshUrl: `${publicUrl}/admin/onboarding/stripe-connect/refresh/${id}`,
    returnUrl: `${publicUrl}/admin/onboarding/stripe-connect/return/${id}`,
  });
  return url;
}
