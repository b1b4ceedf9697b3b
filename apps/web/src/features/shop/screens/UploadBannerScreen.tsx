import { type BannerSlot, storeBannerBody } from '@dropdesk/contract/shop';
import { useState } from 'react';
import { type Control, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { SubmitBar } from '../../../components/form/SubmitBar';
import { Page } from '../../../components/Page';
import { FORM_ERROR, useContractForm } from '../../../lib/form';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import type { Shop } from '../api/get-shop';
import { useSaveBanners } from '../api/save-banners';
import { BannerPicker } from '../components/BannerPicker';
import { ShopGate } from '../components/ShopGate';

type Values = z.input<typeof storeBannerBody>;

function BannerField({
  control,
  slot,
  label,
  current,
  onBusy,
}: {
  control: Control<Values>;
  slot: BannerSlot;
  label: string;
  current: string | null;
  onBusy: (busy: boolean) => void;
}) {
  const { field, fieldState } = useController({ control, name: slot });
  return (
    <BannerPicker
      slot={slot}
      label={label}
      current={current}
      value={field.value}
      onChange={field.onChange}
      onBusy={onBusy}
      error={fieldState.error?.message}
    />
  );
}

function BannerForm({ shop }: { shop: Shop }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveBanners();
  const [busy, setBusy] = useState({ banner: false, ad_banner: false });
  const form = useContractForm(storeBannerBody, { defaultValues: {} });
  const onSubmit = form.submit(async (body) => {
    if (body.banner === undefined && body.ad_banner === undefined) {
      form.setError(FORM_ERROR, { type: 'nothing', message: t('shop.banner.nothing') });
      return;
    }
    await save.mutateAsync(body);
    toast.success(t('shop.saved'));
    navigate(paths.settingup);
  });
  const busyFor = (slot: BannerSlot) => (value: boolean) => setBusy((b) => ({ ...b, [slot]: value }));
  return (
    <form onSubmit={onSubmit} noValidate>
      <BannerField
        control={form.control}
        slot="banner"
        label={t('shop.banner.home')}
        current={shop.banner_url}
        onBusy={busyFor('banner')}
      />
      <BannerField
        control={form.control}
        slot="ad_banner"
        label={t('shop.banner.ad')}
        current={shop.ad_banner_url}
        onBusy={busyFor('ad_banner')}
      />
      <SubmitBar control={form.control} label={t('shop.banner.save')} busy={busy.banner || busy.ad_banner} />
    </form>
  );
}

/**
 * The shop's banners (/uploadBanner): the home banner (3:1) and the advertisement banner (4:1), each
 * cropped to its ratio and uploaded with progress, then saved together.
 */
export default function UploadBannerScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('routes.uploadBanner')} tabRoot={paths.settingup}>
      <ShopGate>{(merinfo) => <BannerForm shop={merinfo.shop} />}</ShopGate>
    </Page>
  );
}
