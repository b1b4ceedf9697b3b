import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import styles from './audit.module.css';

type Value = Record<string, unknown> | null;

const show = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * An audit entry's before and after as a diff: one line per field, the old value struck through
 * and the new one beside it; unchanged fields dimmed. A creation has no before; `detail` below.
 */
export function AuditDiff({ before, after, detail }: { before: Value; after: Value; detail: Value }) {
  const { t } = useTranslation();
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return (
    <div>
      {keys.length > 0 && (
        <table className={styles.diff}>
          <thead>
            <tr>
              <th scope="col">{t('audit.field')}</th>
              <th scope="col">{t('audit.before')}</th>
              <th scope="col">{t('audit.after')}</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => {
              const b = before?.[k];
              const a = after?.[k];
              const changed = JSON.stringify(b) !== JSON.stringify(a);
              return (
                <tr key={k} className={changed ? styles.changed : styles.same}>
                  <th scope="row">{k}</th>
                  <td>{changed && b !== undefined ? <del>{show(b)}</del> : show(b)}</td>
                  <td>{changed ? <ins>{show(a)}</ins> : show(a)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {detail && Object.keys(detail).length > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('audit.detail')} <code>{JSON.stringify(detail)}</code>
        </Typography.Paragraph>
      )}
    </div>
  );
}
