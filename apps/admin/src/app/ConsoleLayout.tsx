import App from 'antd/es/app';
import Button from 'antd/es/button';
import Layout from 'antd/es/layout';
import Menu from 'antd/es/menu';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { IdleClock } from '../components/IdleClock';
import { LanguagePicker } from '../components/LanguagePicker';
import { RoleTag } from '../components/RoleTag';
import { useMe } from '../features/auth/api/get-me';
import { notify } from '../lib/notify';
import { canUse } from '../lib/roles';
import { useSession } from '../lib/session';
import { signOut } from '../lib/sign-out';
import styles from './layout.module.css';
import { entryOf, menuFor } from './menu';
import { Providers } from './Providers';

/** The frame of every screen after sign-in, in antd's providers (the sign-in screen has none). */
export default function ConsoleLayout() {
  return (
    <Providers>
      <Frame />
    </Providers>
  );
}

/** The role's side menu, who is signed in, the idle clock. */
function Frame() {
  const { t } = useTranslation();
  const { operator, currency } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const app = App.useApp();
  useEffect(() => notify.bind(app.message), [app.message]);
  useMe();

  const groups = menuFor(operator?.role);
  const entry = entryOf(pathname);
  const allowed = !entry || entry.row === null || canUse(operator?.role, entry.row);
  const selected = entry?.path ?? pathname;

  return (
    <Layout className={styles.shell}>
      <Layout.Sider width={220} theme="light" className={styles.sider}>
        <div className={styles.brand}>{t('app.name')}</div>
        <nav aria-label={t('menu.label')}>
          <Menu
            mode="inline"
            selectedKeys={[selected]}
            onClick={(e) => navigate(e.key)}
            items={groups.map((g) => ({
              type: 'group' as const,
              key: g.label,
              label: t(g.label),
              children: g.entries.map((e) => ({ key: e.path, label: t(e.label) })),
            }))}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className={styles.header}>
          <Space size="middle" wrap>
            <Typography.Text strong data-testid="operator-name">
              {operator?.username}
            </Typography.Text>
            {operator && <RoleTag role={operator.role} />}
            <IdleClock />
          </Space>
          <Space size="middle">
            <LanguagePicker />
            <Button onClick={() => void signOut()}>{t('auth.signOut')}</Button>
          </Space>
        </Layout.Header>
        <Layout.Content className={styles.content}>
          {allowed ? (
            // Amounts are written with the session's currency (lib/format.ts): a screen drawn before
            // the server named it (a session kept by an older console) is drawn again once it has.
            <Outlet key={currency ? `${currency.code} ${currency.symbol}` : ''} />
          ) : (
            <Result status="403" title={t('errors.forbiddenTitle')} subTitle={t('errors.forbiddenText')} />
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
