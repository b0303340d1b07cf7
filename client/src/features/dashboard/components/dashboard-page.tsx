import { useState } from 'react';
import type { ActivityDays } from '@shared/dashboard/schemas.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useSyncSnapshot } from '../../../offline/hooks.ts';
import { ACTIVITY_LOAD_FAILED, useDashboardActivity } from '../api/dashboard-activity.ts';
import { useDashboardStats } from '../api/dashboard-stats.ts';
import { ActivitySection } from './activity-section.tsx';
import { GettingStarted } from './getting-started.tsx';
import { MemberFiguresCard } from './member-figures-card.tsx';
import { NowCards } from './now-cards.tsx';
import { QuickActions } from './quick-actions.tsx';
import { StatCards } from './stat-cards.tsx';
import { WelcomeBanner } from './welcome-banner.tsx';

export function DashboardPage() {
  const { user } = useSession();
  const stats = useDashboardStats();
  const hasNoBots = stats?.totalBots === 0;
  const [days, setDays] = useState<ActivityDays>(7);
  const activity = useDashboardActivity(days);
  const { online } = useSyncSnapshot();
  const failed = activity.isError
    ? { message: ACTIVITY_LOAD_FAILED, offline: !online, retry: () => void activity.refetch() }
    : undefined;

  const setup = (
    <div className={hasNoBots ? 'grid gap-6 lg:grid-cols-5' : ''}>
      <QuickActions className={hasNoBots ? 'lg:col-span-2' : ''} />
      {hasNoBots && <GettingStarted className="lg:col-span-3" />}
    </div>
  );

  // A new account sees its first steps before empty charts; an account with bots, its activity first.
  return (
    <div className="space-y-6">
      <WelcomeBanner name={user?.name} />
      <StatCards stats={stats} loading={stats === undefined} />
      {hasNoBots && setup}
      <NowCards now={activity.data?.now} unavailable={failed !== undefined} />
      <ActivitySection days={days} onDaysChange={setDays} series={activity.data?.series} hasBots={!hasNoBots} failed={failed} />
      <MemberFiguresCard />
      {!hasNoBots && setup}
    </div>
  );
}
