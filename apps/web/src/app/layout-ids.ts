/** Layout routes have ids starting with this, so the shell can tell a layout change from a page change. */
export const LAYOUT_ROUTE_PREFIX = 'layout:';

export const layoutIds = {
  default: `${LAYOUT_ROUTE_PREFIX}default`,
  adminCentered: `${LAYOUT_ROUTE_PREFIX}admin-centered`,
  adminWCentered: `${LAYOUT_ROUTE_PREFIX}admin-w-centered`,
  adminWithSidebar: `${LAYOUT_ROUTE_PREFIX}admin-with-sidebar`,
  clientCentered: `${LAYOUT_ROUTE_PREFIX}client-centered`,
  clientWCentered: `${LAYOUT_ROUTE_PREFIX}client-w-centered`,
} as const;
