import { createSessionSlot } from '@/lib/session-storage';

/**
 * The token of the password reset link this tab opened. It is moved out of the address bar at once
 * (so it never reaches analytics page views, the history or a shared screenshot) and kept here,
 * for this tab only, until the password is changed.
 */
export const resetToken = createSessionSlot<string>('nest.password-reset-token');
