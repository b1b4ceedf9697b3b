import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import ui from '../../../components/ui.module.css';

/**
 * antd-mobile's PullToRefresh brings react-spring and use-gesture (about 23 KB gzip): loaded beside
 * the screen instead of before it, so Home paints without them. Until it arrives the content is
 * shown as it is (the header's button refreshes); then it is drawn again inside the puller, so a
 * screen keeps what must survive that (Home's curve range) above this component.
 */
const PullToRefresh = lazy(() => import('antd-mobile/es/components/pull-to-refresh'));

/** Pull-to-refresh (antd-mobile's) around figures the merchant expects to change. */
export function Refreshable({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={children}>
      <PullToRefresh
        onRefresh={async () => {
          await onRefresh();
        }}
        pullingText={t('home.pull.pulling')}
        canReleaseText={t('home.pull.release')}
        refreshingText={t('common.loading')}
        completeText={t('home.pull.done')}
      >
        {children}
      </PullToRefresh>
    </Suspense>
  );
}

/** The same refresh as a header button: a keyboard or a screen reader cannot pull. */
export function RefreshButton({ onRefresh, busy }: { onRefresh: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={ui.iconButton}
      onClick={onRefresh}
      disabled={busy}
      aria-label={t('home.refresh')}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
