import { isBrandColor } from '@nest/contracts';
import type { SandboxMetadata } from '../../db/schema/index.js';
import type { CheckoutBranding } from '../nest-checkout.js';

/**
 * Where a sandbox session keeps its branding (Stripe's branding_settings, ADR 197): one key of its
 * metadata column, so the sandbox needs no migration of its own. The key is the sandbox's: it is
 * taken out of every metadata the app or an event sees.
 */
const BRANDING_KEY = 'sandbox_branding';

export function withBranding(metadata: SandboxMetadata, branding: CheckoutBranding | undefined) {
  return branding ? { ...metadata, [BRANDING_KEY]: JSON.stringify(branding) } : metadata;
}

export function withoutBranding(metadata: SandboxMetadata): SandboxMetadata {
  if (!(BRANDING_KEY in metadata)) return metadata;
  const { [BRANDING_KEY]: _branding, ...rest } = metadata;
  return rest;
}

/** The session's branding, or undefined (a plan checkout, a card update, an older session). */
export function brandingOf(metadata: SandboxMetadata): CheckoutBranding | undefined {
  const stored = metadata[BRANDING_KEY];
  if (!stored) return undefined;
  try {
    const value = JSON.parse(stored) as Partial<CheckoutBranding>;
    if (typeof value.displayName !== 'string') return undefined;
    return {
      displayName: value.displayName,
      logoUrl: typeof value.logoUrl === 'string' ? value.logoUrl : null,
      color: typeof value.color === 'string' && isBrandColor(value.color) ? value.color : null,
    };
  } catch {
    return undefined;
  }
}
