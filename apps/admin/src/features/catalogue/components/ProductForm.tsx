import { LANGUAGE_NAMES, LANGUAGES, type Lang } from '@dropdesk/contract/constants';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError';
import { useContractSubmit } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import type { AdminProductRow } from '../api/get-products';
import {
  createProductSchema,
  updateProductSchema,
  useCreateProduct,
  useUpdateProduct,
} from '../api/save-product';
import { CategorySelect } from './CategorySelect';
import { ProductImages } from './ProductImages';

interface Values {
  category_id?: number;
  main_lang: Lang;
  /** Titles and descriptions by language (the body's `texts` is a list: a refusal there shows above the button). */
  byLang: Partial<Record<Lang, { title?: string; description?: string }>>;
  cost?: string;
  stock?: number;
  hot: boolean;
  active: boolean;
}

function initial(product: AdminProductRow | null, lang: Lang): Values {
  if (!product) return { main_lang: lang, byLang: {}, hot: false, active: true };
  return {
    category_id: product.category_id,
    main_lang: product.main_lang,
    byLang: Object.fromEntries(
      product.texts.map((t) => [t.lang, { title: t.title, description: t.description }]),
    ),
    cost: product.cost,
    stock: product.stock,
    hot: product.hot,
    active: product.active,
  };
}

/** The texts the body carries: every language with words, and any the product had (to clear one). */
function textsOf(values: Values, product: AdminProductRow | null) {
  const had = new Set(product?.texts.map((t) => t.lang) ?? []);
  return LANGUAGES.filter((l) => had.has(l) || values.byLang[l]?.title || values.byLang[l]?.description).map(
    (l) => ({
      lang: l,
      title: values.byLang[l]?.title ?? '',
      description: values.byLang[l]?.description ?? '',
    }),
  );
}

/** Add or change a catalogue product: titles per language, cost, stock, hot, active, images. */
export function ProductForm({
  product,
  lang,
  onDone,
}: {
  product: AdminProductRow | null;
  lang: Lang;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const { submit, formError, busy } = useContractSubmit(
    form,
    product ? updateProductSchema : createProductSchema,
  );

  const onFinish = (values: Values) => {
    const base = {
      category_id: values.category_id,
      main_lang: values.main_lang,
      texts: textsOf(values, product),
      cost: values.cost,
      stock: values.stock,
      hot: values.hot,
      active: values.active,
    };
    const body = product ? { id: product.id, ...base } : base;
    void submit(body, (b: never) => (product ? update.mutateAsync(b) : create.mutateAsync(b))).then(
      (saved) => {
        if (!saved) return;
        notify.success(t('common.saved'));
        onDone();
      },
    );
  };

  return (
    <Form<Values> form={form} layout="vertical" initialValues={initial(product, lang)} onFinish={onFinish}>
      <Flex gap={16} wrap>
        <Form.Item name="category_id" label={t('catalogue.category')} style={{ flex: 2, minWidth: 220 }}>
          <CategorySelect />
        </Form.Item>
        <Form.Item name="main_lang" label={t('catalogue.mainLang')} style={{ flex: 1, minWidth: 160 }}>
          <Select options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} />
        </Form.Item>
      </Flex>
      <Form.Item label={t('catalogue.texts')}>
        <Tabs
          size="small"
          items={LANGUAGES.map((l) => ({
            key: l,
            label: LANGUAGE_NAMES[l],
            forceRender: true,
            children: (
              <>
                <Form.Item name={['byLang', l, 'title']} label={t('catalogue.title')}>
                  <Input maxLength={200} lang={l} />
                </Form.Item>
                <Form.Item name={['byLang', l, 'description']} label={t('catalogue.description')}>
                  <Input.TextArea rows={3} maxLength={5000} lang={l} />
                </Form.Item>
              </>
            ),
          }))}
        />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item name="cost" label={t('catalogue.cost')} style={{ flex: 1, minWidth: 140 }}>
          <Input inputMode="decimal" placeholder="0.00" />
        </Form.Item>
        <Form.Item name="stock" label={t('catalogue.stock')} style={{ flex: 1, minWidth: 140 }}>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="hot" label={t('catalogue.hot')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="active" label={t('catalogue.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Flex>
      {product && <ProductImages product={product} />}
      <FormError error={formError} />
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={busy}>
          {product ? t('common.save') : t('catalogue.create')}
        </Button>
        <Button onClick={onDone}>{t('common.cancel')}</Button>
      </Flex>
    </Form>
  );
}
