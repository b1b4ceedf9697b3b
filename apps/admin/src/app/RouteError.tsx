import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';

function isChunkError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

/** Each screen's error boundary: what happened and a retry (a chunk that failed to download reloads). */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404)
    return <Result status="404" title={t('notFound.title')} />;
  const chunk = isChunkError(error);
  if (!chunk) console.error(error);
  return (
    <Result
      status="error"
      title={chunk ? t('errors.chunkTitle') : t('errors.screenTitle')}
      subTitle={chunk ? t('errors.chunkText') : t('errors.screenText')}
      extra={
        <Button type="primary" onClick={() => (chunk ? window.location.reload() : navigate(0))}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
