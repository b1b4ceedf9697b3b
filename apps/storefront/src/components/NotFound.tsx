import { useTranslation } from 'react-i18next';
import { useTitle } from '../lib/title';

/** An unknown page, or a shop, product or order that does not exist (or is not this buyer's). */
export function NotFound() {
  const { t } = useTranslation();
  useTitle(t('notFound.title'));
  return (
    <section className="page">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
    </section>
  );
}
