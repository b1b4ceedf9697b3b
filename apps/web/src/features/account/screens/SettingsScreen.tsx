import { LANGUAGE_NAMES } from '@dropdesk/contract/constants';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../../components/LanguagePicker';
import { MenuList } from '../../../components/MenuList';
import { Page } from '../../../components/Page';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { icons } from '../components/icons';
import { LogoutButton } from '../components/LogoutButton';

/** Settings: the shop's settings (basic info, banners, social links), language and security. */
export default function SettingsScreen() {
  const { t } = useTranslation();
  const paySet = useSession((s) => s.merinfo?.pay_password_set ?? false);
  return (
    <Page title={t('routes.setting')}>
      <LanguagePicker>
        {(open, current) => (
          <MenuList
            label={t('routes.setting')}
            entries={[
              { key: 'shop', label: t('routes.settingup'), icon: icons.shop, to: paths.settingup },
              {
                key: 'personal',
                label: t('routes.personalInfo'),
                icon: icons.personal,
                to: paths.personalInfo,
              },
              {
                key: 'language',
                label: t('language.title'),
                icon: icons.language,
                extra: <span lang={current}>{LANGUAGE_NAMES[current]}</span>,
                onClick: open,
              },
              {
                key: 'login-password',
                label: t('routes.changeLoginPassword'),
                icon: icons.loginPassword,
                to: paths.changeLoginPassword,
              },
              paySet
                ? {
                    key: 'pay',
                    label: t('routes.changePayPassword'),
                    icon: icons.payPassword,
                    to: paths.changePayPassword,
                    extra: t('settings.paySet'),
                  }
                : {
                    key: 'pay',
                    label: t('routes.setPaypwd'),
                    icon: icons.payPassword,
                    to: paths.setPaypwd,
                    extra: t('settings.payNotSet'),
                  },
              { key: 'security', label: t('routes.security'), icon: icons.security, to: paths.security },
            ]}
          />
        )}
      </LanguagePicker>
      <LogoutButton />
    </Page>
  );
}
