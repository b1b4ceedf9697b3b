import { RouteErrorScreen } from '@dropdesk/web-kit/react/route-error';
import { useTranslation } from 'react-i18next';
import styles from './route-error.module.css';

const classes = { main: styles.box, button: styles.button };

/**
 * Each screen's error boundary (the kit's RouteErrorScreen, in the console's words and styles):
 * what happened and a retry (a chunk that failed to download reloads).
 * Plain HTML: the root's boundary must not bring antd to the sign-in screen.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <RouteErrorScreen
      classes={classes}
      texts={{
        notFound: t('notFound.title'),
        chunkTitle: t('errors.chunkTitle'),
        chunkText: t('errors.chunkText'),
        title: t('errors.screenTitle'),
        text: t('errors.screenText'),
        retry: t('common.retry'),
      }}
    />
  );
}
