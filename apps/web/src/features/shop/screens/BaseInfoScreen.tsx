import { SHOP_LIMITS, shopBasicBody } from '@dropdesk/contract/shop';
import { type Control, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormField } from '../../../components/form/FormField';
import { SubmitBar } from '../../../components/form/SubmitBar';
import { Page } from '../../../components/Page';
import { UploadTile } from '../../../components/UploadTile';
import ui from '../../../components/ui.module.css';
import { useContractForm } from '../../../lib/form';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import type { Shop } from '../api/get-shop';
import { useSaveStore } from '../api/save-store';
import { ShopGate } from '../components/ShopGate';
import { TextAreaField } from '../components/TextAreaField';

type Values = z.input<typeof shopBasicBody>;

/**
 * The logo: the current one is shown until another is uploaded. The form's value is the new
 * upload's reference, or nothing (the logo stays).
 */
function LogoField({
  control,
  current,
  label,
}: {
  control: Control<Values>;
  current: string | null;
  label: string;
}) {
  const { field, fieldState } = useController({ control, name: 'logo' });
  return (
    <UploadTile
      label={label}
      kind="logo"
      value={field.value || (current ? 'current' : '')}
      src={current}
      onChange={(id) => field.onChange(id || undefined)}
      error={fieldState.error?.message}
    />
  );
}

function BaseInfoForm({ shop }: { shop: Shop }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveStore();
  const form = useContractForm(shopBasicBody, {
    defaultValues: {
      name: shop.name,
      phone: shop.phone,
      address: shop.address,
      intro: shop.intro,
      welcome: shop.welcome,
      service_link: shop.service_link,
    },
  });
  const onSubmit = form.submit(async (body) => {
    await save.mutateAsync(body);
    toast.success(t('shop.saved'));
    navigate(paths.settingup);
  });
  const length = (name: 'name' | 'intro' | 'welcome', max: number) =>
    t('shop.length', { length: (form.watch(name) ?? '').length, max });
  return (
    <form className={`${ui.card} ${ui.form}`} onSubmit={onSubmit} noValidate>
      <LogoField control={form.control} current={shop.logo_url} label={t('shop.logo')} />
      <FormField
        control={form.control}
        name="name"
        label={t('shop.name')}
        autoComplete="organization"
        maxLength={SHOP_LIMITS.name}
        hint={length('name', SHOP_LIMITS.name)}
      />
      <FormField
        control={form.control}
        name="phone"
        label={t('shop.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
      />
      <FormField
        control={form.control}
        name="address"
        label={t('shop.address')}
        autoComplete="street-address"
        maxLength={SHOP_LIMITS.address}
      />
      <TextAreaField
        control={form.control}
        name="intro"
        label={t('shop.intro')}
        maxLength={SHOP_LIMITS.intro}
        rows={5}
        hint={length('intro', SHOP_LIMITS.intro)}
      />
      <TextAreaField
        control={form.control}
        name="welcome"
        label={t('shop.welcome')}
        maxLength={SHOP_LIMITS.welcome}
        rows={2}
        hint={length('welcome', SHOP_LIMITS.welcome)}
      />
      <FormField
        control={form.control}
        name="service_link"
        label={t('shop.serviceLink')}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        maxLength={SHOP_LIMITS.link}
        hint={t('shop.linkHint')}
      />
      <SubmitBar control={form.control} label={t('common.save')} />
    </form>
  );
}

/** The shop's basic info (/baseinfo): logo, name, phone, address, introduction, welcome, service link. */
export default function BaseInfoScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('routes.baseinfo')} tabRoot={paths.settingup}>
      <ShopGate>{(merinfo) => <BaseInfoForm shop={merinfo.shop} />}</ShopGate>
    </Page>
  );
}
