import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './menu.module.css';

export interface MenuEntry {
  key: string;
  label: string;
  /** A line under the label saying what the entry is. */
  description?: ReactNode;
  icon?: ReactNode;
  /** Right-hand text (current language, status). */
  extra?: ReactNode;
  to?: string;
  onClick?: () => void;
}

/** A list of entries, each a real link or button (keyboard and screen-reader friendly). */
export function MenuList({ entries, label }: { entries: MenuEntry[]; label?: string }) {
  return (
    <nav aria-label={label} className={styles.card}>
      <ul className={styles.list}>
        {entries.map((e) => {
          const content = (
            <>
              {e.icon && (
                <span className={styles.icon} aria-hidden="true">
                  {e.icon}
                </span>
              )}
              {e.description === undefined ? (
                <span className={styles.label}>{e.label}</span>
              ) : (
                <span className={styles.label}>
                  {e.label}
                  <span className={styles.description}>{e.description}</span>
                </span>
              )}
              {e.extra !== undefined && <span className={styles.extra}>{e.extra}</span>}
              <span className={styles.arrow} aria-hidden="true">
                ›
              </span>
            </>
          );
          return (
            <li key={e.key}>
              {e.to ? (
                <Link to={e.to} className={styles.item}>
                  {content}
                </Link>
              ) : (
                <button type="button" onClick={e.onClick} className={styles.item}>
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Read-only rows of a definition list (personal info). */
export function InfoList({ rows }: { rows: { key: string; label: string; value: ReactNode }[] }) {
  return (
    <dl className={`${styles.card} ${styles.info}`}>
      {rows.map((r) => (
        <div key={r.key} className={styles.infoRow}>
          <dt>{r.label}</dt>
          <dd>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}
