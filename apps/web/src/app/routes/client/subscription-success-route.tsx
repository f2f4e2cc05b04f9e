import { useSearchParams } from 'react-router';
import { SubscriptionSuccess } from '@/features/checkout/components/subscription-success';

/** After subscribing (/client/app/subscriptions/success?session_id=…), back from the payment page. */
export function Component() {
  const [params] = useSearchParams();
  return <SubscriptionSuccess sessionId={params.get('session_id')} />;
}
