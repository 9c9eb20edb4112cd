import { useAccountSummary } from '@/features/account';
import { OrderStatusBanner } from '@/features/billing';
import { PromoBanner } from '@/features/promo';
import { DashboardSliders } from './dashboard-sliders';
import { FeatureCardGrid } from './feature-card-grid';

/** The dashboard (spec §2): the order banner after a checkout, a greeting, the two sliders and every tool. */
export function DashboardHome() {
  return (
    <div className="min-w-0 space-y-8">
      <OrderStatusBanner />
      <PromoBanner />
      <DashboardGreeting />
      <DashboardSliders />
      <FeatureCardGrid />
    </div>
  );
}

/**
 * The greeting reads the account summary on its own, so the profile's arrival re-renders this
 * heading, not the sliders and the card grid beside it.
 */
function DashboardGreeting() {
  const { firstName, firstSession } = useAccountSummary();
  // "Welcome back" only for someone who has been here before; a new account is simply welcomed.
  const greeting = firstSession === false ? 'Welcome back' : 'Welcome';
  return (
    <div className="space-y-1">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {greeting}, {firstName}
      </h1>
      <p className="text-muted-foreground">What would you like to create today?</p>
    </div>
  );
}
