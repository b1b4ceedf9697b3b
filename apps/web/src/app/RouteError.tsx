import { RouteErrorScreen } from '@dropdesk/web-kit/react/route-error';
import { useTranslation } from 'react-i18next';
import styles from './app.module.css';

const classes = {
  main: styles.center,
  title: styles.errorTitle,
  text: styles.errorText,
  button: styles.primaryButton,
};

/**
 * Each screen's error boundary (the kit's RouteErrorScreen, in the app's words and styles): says
 * what happened and offers a retry. A screen whose code failed to download (a new deployment, a
 * dropped connection) is retried by reloading the page.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <RouteErrorScreen
      classes={classes}
      texts={{
        notFound: t('notFound.title'),
        chunkTitle: t('errorBoundary.chunkTitle'),
        chunkText: t('errorBoundary.chunkText'),
        title: t('errorBoundary.title'),
        text: t('errorBoundary.text'),
        retry: t('common.retry'),
      }}
    />
  );
}
