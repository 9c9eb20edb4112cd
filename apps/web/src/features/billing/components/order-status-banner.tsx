import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth';
import { useOrderStatus } from '../hooks/use-order-status';
import { bannerTone, ORDER_BANNER_VISIBLE_MS } from '../lib/order-banner';

/** Query parameter the payment pages send the user back with: `/?od=<orderId>`. */
export const ORDER_PARAM = 'od';

/**
 * Dashboard banner after a checkout (spec §2 Dashboard, §4 Order banner): 'Checking payment
 * status...', then the result for 5 s, then gone, with `od` taken out of the address (replace, so
 * Back does not show the banner again).
 */
export function OrderStatusBanner() {
  const [searchParams, setSearchParams] = useSearchParams();
  const orderId = searchParams.get(ORDER_PARAM);
  const user = useCurrentUser();
  if (!orderId || !user) return null;

  const clear = () => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ORDER_PARAM);
        return next;
      },
      { replace: true },
    );
  };
  // A new order id starts over (fresh polling window and timers).
  return <OrderStatusNotice key={orderId} orderId={orderId} userId={user.id} onDone={clear} />;
}

function OrderStatusNotice({
  orderId,
  userId,
  onDone,
}: {
  orderId: string;
  userId: string;
  onDone: () => void;
}) {
  const view = useOrderStatus(orderId, userId);
  const showingResult = view.phase === 'result';
  // onDone is a fresh closure each render; the 5 s count must start once, when the result shows.
  const finish = useEffectEvent(onDone);

  useEffect(() => {
    if (!showingResult) return;
    const timer = window.setTimeout(() => {
      finish();
    }, ORDER_BANNER_VISIBLE_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [showingResult]);

  if (view.phase === 'checking') {
    return (
      <div
        role="status"
        className="flex items-center gap-3 rounded-lg border border-border bg-surface px-4 py-3 text-sm shadow-card"
      >
        <Spinner className="text-primary" />
        Checking payment status...
      </div>
    );
  }

  const tone = bannerTone(view.status);
  return (
    <Alert
      variant={tone}
      role={tone === 'destructive' ? 'alert' : 'status'}
      data-tone={tone}
      className="animate-fade-in"
    >
      {view.message}
    </Alert>
  );
}
