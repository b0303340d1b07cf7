import { useSession } from '../../../lib/session-store.ts';
import { useDashboardStats } from '../api/dashboard-stats.ts';
import { GettingStarted } from './getting-started.tsx';
import { QuickActions } from './quick-actions.tsx';
import { StatCards } from './stat-cards.tsx';
import { WelcomeBanner } from './welcome-banner.tsx';

export function DashboardPage() {
  const { user } = useSession();
  const stats = useDashboardStats();
  const hasNoBots = stats?.totalBots === 0;

  return (
    <div className="space-y-6">
      <WelcomeBanner name={user?.name} />
      <StatCards stats={stats} loading={stats === undefined} />
      <div className={hasNoBots ? 'grid gap-6 lg:grid-cols-5' : ''}>
        <QuickActions className={hasNoBots ? 'lg:col-span-2' : ''} />
        {hasNoBots && <GettingStarted className="lg:col-span-3" />}
      </div>
    </div>
  );
}
