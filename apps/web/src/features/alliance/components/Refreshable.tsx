import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ui from '../../../components/ui.module.css';

/** Pull-to-refresh (antd-mobile's) for the alliance screen. */
export function Refreshable({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      pullingText={t('alliance.pull.pulling')}
      canReleaseText={t('alliance.pull.release')}
      refreshingText={t('common.loading')}
      completeText={t('alliance.pull.done')}
    >
      {children}
    </PullToRefresh>
  );
}

/** The same refresh as a header button: a keyboard or a screen reader has no way to pull. */
export function RefreshButton({ onRefresh, busy }: { onRefresh: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={ui.iconButton}
      onClick={onRefresh}
      disabled={busy}
      aria-label={t('alliance.refresh')}
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
