/**
 * The one cache key of the signed-in customer (GET /nest-customers/me, with their subscriptions): the
 * customer guard fills it (features/customers) and a subscription's actions put their answer into it
 * (features/subscriptions), so the key lives here rather than in either feature.
 */
export const currentCustomerQueryKey = ['nest-customers', 'me'] as const;
