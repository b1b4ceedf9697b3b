import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths';

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      extra={
        <Link to={paths.overview}>
          <Button type="primary">{t('notFound.back')}</Button>
        </Link>
      }
    />
  );
}
