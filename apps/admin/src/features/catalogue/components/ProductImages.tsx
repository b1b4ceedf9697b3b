import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Image from 'antd/es/image';
import Upload from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import type { AdminProductRow } from '../api/get-products';
import { useRefreshCatalogue, useUpdateProduct } from '../api/save-product';
import { uploadProductImage } from '../api/upload-product-image';

/** A product's images: add one (the server makes the WebP sizes), move one first, remove one. */
export function ProductImages({ product }: { product: AdminProductRow }) {
  const { t } = useTranslation();
  const [images, setImages] = useState(product.images);
  const update = useUpdateProduct();
  const refresh = useRefreshCatalogue();
  const save = (ids: number[]) =>
    update.mutate(
      { id: product.id, image_ids: ids },
      {
        onSuccess: (p) => setImages(p.images),
        onError: (e) => notify.error(e.message),
      },
    );
  return (
    <Form.Item label={t('catalogue.images')}>
      <Flex gap={12} wrap align="flex-start">
        {images.map((img, i) => (
          <Flex key={img.id} vertical gap={4} align="center">
            <Image src={img.thumb.url} width={88} height={88} style={{ objectFit: 'cover' }} alt="" />
            <Flex gap={4}>
              {i > 0 && (
                <Button
                  size="small"
                  onClick={() => save([img.id, ...images.filter((x) => x.id !== img.id).map((x) => x.id)])}
                >
                  {t('catalogue.makeFirst')}
                </Button>
              )}
              <Button
                size="small"
                danger
                onClick={() => save(images.filter((x) => x.id !== img.id).map((x) => x.id))}
              >
                {t('common.remove')}
              </Button>
            </Flex>
          </Flex>
        ))}
        <Upload
          accept="image/png,image/jpeg,image/webp"
          showUploadList={false}
          customRequest={({ file, onSuccess, onError }) => {
            uploadProductImage(product.id, file as File)
              .then((img) => {
                setImages((xs) => [...xs, img]);
                void refresh();
                onSuccess?.(img);
              })
              .catch((e: unknown) => {
                notify.error(e instanceof ApiError ? e.message : String(e));
                onError?.(e as Error);
              });
          }}
        >
          <Button>{t('catalogue.addImage')}</Button>
        </Upload>
      </Flex>
    </Form.Item>
  );
}
