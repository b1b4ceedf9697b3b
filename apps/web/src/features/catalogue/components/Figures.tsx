import { useTranslation } from 'react-i18next';
import { Amount } from '../../../components/Amount';
import list from '../../../components/list.module.css';
import styles from './catalogue.module.css';

interface Props {
  cost: string;
  price: string;
  profit: string;
}

/** Purchase price, selling price at the merchant's margin, and the profit between them. */
export function Figures({ cost, price, profit }: Props) {
  const { t } = useTranslation();
  return (
    <dl className={`${list.figures} ${styles.figuresLine}`}>
      <div>
        <dt>{t('catalogue.cost')}</dt>
        <dd>
          <Amount value={cost} />
        </dd>
      </div>
      <div>
        <dt>{t('catalogue.price')}</dt>
        <dd>
          <Amount value={price} />
        </dd>
      </div>
      <div className={list.gain}>
        <dt>{t('catalogue.profit')}</dt>
        <dd>
          <Amount value={profit} />
        </dd>
      </div>
    </dl>
  );
}

/** A product's title, or the specification's 'No product title available' when it has none. */
export function ProductTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  return title || <span className={styles.untitled}>{t('catalogue.noTitle')}</span>;
}
