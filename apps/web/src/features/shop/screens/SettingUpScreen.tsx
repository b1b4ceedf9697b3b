import LinkOutline from 'antd-mobile-icons/es/LinkOutline';
import PictureOutline from 'antd-mobile-icons/es/PictureOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import { useTranslation } from 'react-i18next';
import { MenuList } from '../../../components/MenuList';
import { Page } from '../../../components/Page';
import { paths } from '../../../lib/paths';
import { ShopGate } from '../components/ShopGate';
import { ShopPreview } from '../components/ShopPreview';

/**
 * Shop settings (/settingup): the shop at a glance, a link to its storefront page, and the three
 * entries: basic info, home banner, social media. A closed shop sees why, and no entries.
 */
export default function SettingUpScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('routes.settingup')}>
      <ShopGate closed={(merinfo) => <ShopPreview merinfo={merinfo} />}>
        {(merinfo) => {
          const { shop } = merinfo;
          const banners = [shop.banner_url, shop.ad_banner_url].filter(Boolean).length;
          const links = [shop.twitter, shop.google].filter(Boolean).length;
          return (
            <>
              <ShopPreview merinfo={merinfo} />
              <MenuList
                label={t('shop.menu')}
                entries={[
                  {
                    key: 'baseinfo',
                    label: t('routes.baseinfo'),
                    icon: <ShopbagOutline />,
                    to: paths.baseinfo,
                  },
                  {
                    key: 'banner',
                    label: t('routes.uploadBanner'),
                    icon: <PictureOutline />,
                    to: paths.uploadBanner,
                    extra: banners ? t('shop.linksSet', { count: banners }) : t('shop.notSet'),
                  },
                  {
                    key: 'social',
                    label: t('routes.socialmedia'),
                    icon: <LinkOutline />,
                    to: paths.socialmedia,
                    extra: links ? t('shop.linksSet', { count: links }) : t('shop.notSet'),
                  },
                ]}
              />
            </>
          );
        }}
      </ShopGate>
    </Page>
  );
}
