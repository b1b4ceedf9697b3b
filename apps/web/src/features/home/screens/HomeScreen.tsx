import type { EchartRange } from '@dropdesk/contract/dashboard';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';
import { QueryState } from '../../../components/QueryState';
import { Refreshable, RefreshButton } from '../../../components/Refreshable';
import { dashboardKeys } from '../../../lib/query-keys';
import { useDashboard } from '../api/get-dashboard';
import { Announcements } from '../components/Announcements';
import { ClosedNotice } from '../components/ClosedNotice';
import { useExplainSheet } from '../components/Explain';
import { Figures } from '../components/Figures';
import { SalesCurve } from '../components/SalesCurve';
import { Shortcuts } from '../components/Shortcuts';

/**
 * Home (the dashboard): a closed shop's notice, the announcements, the figures (each opens what it
 * is made of), the sales curve and the shortcuts. The figures paint at once on a return or a
 * reload (kept in the cache, and per merchant in local storage: api/get-dashboard.ts), then
 * refresh; pulling down (or the header's button) refetches everything on the screen.
 */
export default function HomeScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const dashboard = useDashboard();
  // The curve's range lives here: the pull-to-refresh below draws its content again once loaded.
  const [range, setRange] = useState<EchartRange>('seven');
  const explanation = useExplainSheet(dashboard.data);
  const refresh = () => queryClient.refetchQueries({ queryKey: dashboardKeys.all, type: 'active' });
  return (
    <Page
      title={t('routes.home')}
      back={false}
      right={<RefreshButton onRefresh={() => void refresh()} busy={dashboard.isFetching} />}
    >
      <ClosedNotice />
      <Announcements />
      <Refreshable onRefresh={refresh}>
        <QueryState query={dashboard}>
          {(data) => <Figures data={data} onExplain={explanation.explain} />}
        </QueryState>
        <SalesCurve range={range} onRange={setRange} />
        <Shortcuts />
      </Refreshable>
      {explanation.sheet}
    </Page>
  );
}
