import { isLocale, type Locale } from '@nest/contracts';
import { isUuid } from '../nests/find-nest.js';

/**
 * What we write on the provider's checkout session and on the subscription it makes, so every
 * webhook about them can be traced back without trusting event order: the subscription itself says
 * which nest, price version, link and checkout it belongs to, who the customer is and their language.
 */
export const NEST_KIND_KEY = 'nest_kind';
export const NEST_SUBSCRIPTION_KIND = 'nest_subscription';
/** A setup-mode session where a customer gives a new card for one of their subscriptions (ADR 085). */
export const NEST_CARD_UPDATE_KIND = 'nest_card_update';

export interface NestCheckoutMetadata {
  nestId: string;
  offerPriceId: string;
  linkId: string;
  checkoutId: string;
  email: string;
  name: string;
  locale: Locale;
  /** The platform fee agreed at checkout, in basis points: renewals keep it. */
  feeBps: number;
}

export function toProviderMetadata(m: NestCheckoutMetadata): Record<string, string> {
  return {
    [NEST_KIND_KEY]: NEST_SUBSCRIPTION_KIND,
    nest_id: m.nestId,
    nest_offer_price_id: m.offerPriceId,
    nest_link_id: m.linkId,
    nest_checkout_id: m.checkoutId,
    nest_customer_email: m.email,
    nest_customer_name: m.name,
    nest_locale: m.locale,
    nest_fee_bps: String(m.feeBps),
  };
}

/** The metadata of a customer subscription we made, or undefined for anything else. */
export function readProviderMetadata(metadata: Record<string, string>): NestCheckoutMetadata | undefined {
  if (metadata[NEST_KIND_KEY] !== NEST_SUBSCRIPTION_KIND) return undefined;
  const ids = [
    metadata.nest_id,
    metadata.nest_offer_price_id,
    metadata.nest_link_id,
    metadata.nest_checkout_id,
  ];
  if (!ids.every((id) => typeof id === 'string' && isUuid(id))) return undefined;
  const email = metadata.nest_customer_email;
  const feeBps = Number(metadata.nest_fee_bps ?? '0');
  if (!email || !Number.isInteger(feeBps) || feeBps < 0 || feeBps > 10_000) return undefined;
  return {
    nestId: metadata.nest_id!,
    offerPriceId: metadata.nest_offer_price_id!,
    linkId: metadata.nest_link_id!,
    checkoutId: metadata.nest_checkout_id!,
    email,
    name: metadata.nest_customer_name ?? '',
    locale: isLocale(metadata.nest_locale) ? metadata.nest_locale : 'en-US',
    feeBps,
  };
}
