import { SHOP_LIMITS, shopSocialBody } from '@dropdesk/contract/shop';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormField } from '../../../components/form/FormField';
import { SubmitBar } from '../../../components/form/SubmitBar';
import { Page } from '../../../components/Page';
import ui from '../../../components/ui.module.css';
import { useContractForm } from '../../../lib/form';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import type { Shop } from '../api/get-shop';
import { useSaveStore } from '../api/save-store';
import { ShopGate } from '../components/ShopGate';

function SocialForm({ shop }: { shop: Shop }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveStore();
  const form = useContractForm(shopSocialBody, {
    defaultValues: { twitter: shop.twitter, google: shop.google },
  });
  const onSubmit = form.submit(async (body) => {
    await save.mutateAsync(body);
    toast.success(t('shop.saved'));
    navigate(paths.settingup);
  });
  // Both fields are links, alike but for their name and label.
  const link = {
    type: 'url',
    inputMode: 'url',
    autoComplete: 'url',
    placeholder: 'https://',
    maxLength: SHOP_LIMITS.link,
    hint: t('shop.linkHint'),
  } as const;
  return (
    <form className={`${ui.card} ${ui.form}`} onSubmit={onSubmit} noValidate>
      <p className={ui.hint}>{t('shop.socialHint')}</p>
      <FormField control={form.control} name="twitter" label={t('shop.twitter')} {...link} />
      <FormField control={form.control} name="google" label={t('shop.google')} {...link} />
      <SubmitBar control={form.control} label={t('common.save')} />
    </form>
  );
}

/** The shop's social links (/socialmedia): Twitter and Google, https only (the contract's rule). */
export default function SocialMediaScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('routes.socialmedia')} tabRoot={paths.settingup}>
      <ShopGate>{(merinfo) => <SocialForm shop={merinfo.shop} />}</ShopGate>
    </Page>
  );
}
