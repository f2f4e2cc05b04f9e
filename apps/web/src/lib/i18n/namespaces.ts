/**
 * Translation namespaces, one per area, loaded when the area is opened so a link page never downloads
 * the merchant area's words. `common` (shell, navigation, errors) is loaded before the first render.
 */
export const namespaces = [
  'common',
  'landing',
  'legal',
  'admin',
  'auth',
  'merchants',
  'plans',
  'nests',
  'payouts',
  'offers',
  'links',
  'checkout',
  'customers',
  'subscriptions',
  'merchant-customers',
  'verification',
  'revenue',
  'receipts',
  'events',
  'api-keys',
  'webhooks',
] as const;
export type Namespace = (typeof namespaces)[number];
