import { type Link, linkPath, type OfferStatus } from '@nest/contracts';
import type { nestLinks } from '../../db/schema/index.js';

export type LinkRow = typeof nestLinks.$inferSelect;

export interface LinkWithOffer {
  link: LinkRow;
  offer: { id: string; name: string; status: OfferStatus };
}

/** The address to share: the web app's public page of the link. */
export function linkUrl(publicUrl: string, nestLinkId: string): string {
  return `${publicUrl}${linkPath(nestLinkId)}`;
}

export function toLinkView({ link, offer }: LinkWithOffer, publicUrl: string): Link {
  return {
    id: link.id,
    nest_link_id: link.publicId,
    url: linkUrl(publicUrl, link.publicId),
    label: link.label,
    active: link.active,
    offer,
    visits: link.visits,
    checkouts_started: link.checkoutsStarted,
    subscriptions_won: link.subscriptionsWon,
    created_at: link.createdAt.toISOString(),
    updated_at: link.updatedAt.toISOString(),
  };
}
