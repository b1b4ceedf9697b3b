import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ui from './ui.module.css';

// Imported with the screen, not lazily: a puller that arrived after the first paint would draw the
// content again inside it, and whatever state the content held (choices, an open sheet) would go.

/** Pull-to-refresh around a list or figures the merchant expects to change under them. */
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
      pullingText={t('common.pull.pulling')}
      canReleaseText={t('common.pull.release')}
      refreshingText={t('common.loading')}
      completeText={t('common.pull.done')}
    >
      {children}
    </PullToRefresh>
  );
}

/** A round button of one stroked icon (24-unit path `d`), named by `label` for screen readers. */
export function IconButton({
  label,
  d,
  onClick,
  disabled,
}: {
  label: string;
  d: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button type="button" className={ui.iconButton} onClick={onClick} disabled={disabled} aria-label={label}>
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d={d}
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

/**
 * The same refresh as a button in the header: pulling needs a touch screen, and a keyboard or a
 * screen reader has no way to pull.
 */
export function RefreshButton({ onRefresh, busy }: { onRefresh: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <IconButton
      label={t('common.refresh')}
      d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5"
      onClick={onRefresh}
      disabled={busy}
    />
  );
}
