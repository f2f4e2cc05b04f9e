import { lazy } from 'react';

/**
 * The plan dialogs, loaded when one opens: the plan panel and the upgrade button sit in the merchant
 * area's shared file, which the login page downloads too; a static import put Radix's Dialog
 * (about 12 KB gzip) on every merchant page's first visit.
 */
export const ChangePlanDialog = lazy(() =>
  import('./change-plan-dialog').then((module) => ({ default: module.ChangePlanDialog })),
);
export const CancelPlanDialog = lazy(() =>
  import('./cancel-plan-dialog').then((module) => ({ default: module.CancelPlanDialog })),
);
