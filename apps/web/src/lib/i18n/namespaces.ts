/**
 * Translation namespaces, one per area, loaded when the area is opened so a link page never downloads
 * the merchant area's words. `common` (shell, navigation, errors) is loaded before the first render.
 */
export const namespaces = [
  'common',
  'landing',
  'plans',
  'legal',
  'admin',
  'auth',
  'client',
  'links',
  'link-manager',
  'nests',
  'offers',
  'payouts',
  'billing',
  'account',
  'merchant-customers',
  'revenue',
  'verify',
] as const;
export type Namespace = (typeof namespaces)[number];
