import type { Locale, PublicLink } from '@nest/contracts';
import { formatPrice } from './format-price';
import type { LinkTranslate } from './link-words';

type Offer = Pick<PublicLink['offer'], 'amount_cents' | 'currency' | 'interval' | 'interval_count'>;

/** "12,00 € / mois", "30,00 € every 3 months": the price per interval in the reader's language. */
export function priceLabel(t: LinkTranslate, offer: Offer, locale: Locale): string {
  const price = formatPrice(offer.amount_cents, offer.currency, locale);
  return t(`price.${offer.interval}`, { price, count: offer.interval_count });
}

/** The reward rule in words ("Free coffee every 10 visits"), or null without one. */
export function rewardLabel(t: LinkTranslate, rule: PublicLink['offer']['reward_rule']): string | null {
  if (!rule) return null;
  return t(`reward.${rule.kind}`, { reward: rule.reward_name, count: rule.every });
}

/** The usage allowance in words ("10 uses per billing period"), or null without one. */
export function usageLabel(t: LinkTranslate, usage: PublicLink['offer']['usage_allowance']): string | null {
  if (!usage) return null;
  return t(`usage.${usage.per}`, { count: usage.uses });
}
