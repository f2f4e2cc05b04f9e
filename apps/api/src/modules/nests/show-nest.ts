import type { Nest } from '@nest/contracts';
import type { Tx } from '../../db/client.js';
import type { ProviderName } from '../../payments/port.js';
import { findPayoutAccountOfMerchant } from '../payouts/find-payout-account.js';
import { toPayoutView } from '../payouts/payout-view.js';
import { findLogoEtag } from './find-nest.js';
import { type NestRow, toNestView } from './nest-view.js';

/**
 * The nest as its merchant sees it: with its logo's version and its payout account (the one place
 * nests reads payouts; payouts never reads nests). A logo just saved passes its etag.
 */
export async function showNest(
  db: Tx,
  provider: ProviderName,
  nest: NestRow,
  logoEtag?: string | null,
): Promise<Nest> {
  const [etag, payout] = await Promise.all([
    logoEtag === undefined ? findLogoEtag(db, nest.id) : logoEtag,
    findPayoutAccountOfMerchant(db, nest.ownerId, provider),
  ]);
  return toNestView(nest, etag, toPayoutView(payout));
}
