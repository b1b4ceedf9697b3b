import { LANGUAGE_NAMES, LANGUAGES, type Lang } from '@dropdesk/contract/constants';
import { adminMessageRoutes } from '@dropdesk/contract/messages';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError';
import { PageTitle } from '../../../components/PageTitle';
import { LoadFailed } from '../../../components/QueryState';
import { useContractSubmit } from '../../../lib/form';
import { formatDate, formatNumber } from '../../../lib/format';
import { currentLang } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { usePaged } from '../../../lib/paged';
import { canUse } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import { type AnnouncementRow, useAnnouncements } from '../api/get-announcements';
import { type BroadcastRow, useBroadcasts } from '../api/get-broadcasts';
import {
  createAnnouncementSchema,
  updateAnnouncementSchema,
  useSaveAnnouncement,
} from '../api/save-announcement';
import { broadcastSchema, useSendBroadcast } from '../api/send-broadcast';

interface BroadcastValues {
  title?: string;
  body?: string;
  audience: 'all' | 'chosen';
  merchant_ids?: string[];
}

function SendForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BroadcastValues>();
  const send = useSendBroadcast();
  const { submit, formError, busy } = useContractSubmit(form, broadcastSchema);
  const audience = Form.useWatch('audience', form);
  return (
    <Form<BroadcastValues>
      form={form}
      layout="vertical"
      initialValues={{ audience: 'all' }}
      onFinish={(v) => {
        const ids = (v.merchant_ids ?? []).map((x) => Number(x)).filter((n) => Number.isInteger(n) && n > 0);
        const body = {
          title: v.title,
          body: v.body,
          audience: v.audience,
          ...(v.audience === 'chosen' ? { merchant_ids: ids } : {}),
        };
        void submit(body, send.mutateAsync).then((sent) => {
          if (!sent) return;
          notify.success(t('messages.sent', { count: sent.recipients }));
          form.resetFields();
          onSent();
        });
      }}
    >
      <Form.Item name="title" label={t('messages.title')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="body" label={t('messages.body')}>
        <Input.TextArea rows={4} maxLength={2000} showCount />
      </Form.Item>
      <Form.Item name="audience" label={t('messages.audience')}>
        <Radio.Group
          options={[
            { value: 'all', label: t('messages.toAll') },
            { value: 'chosen', label: t('messages.toChosen') },
          ]}
        />
      </Form.Item>
      {audience === 'chosen' && (
        <Form.Item
          name="merchant_ids"
          label={t('messages.merchantIds')}
          extra={t('messages.merchantIdsHelp')}
        >
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} />
        </Form.Item>
      )}
      <FormError error={formError} />
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('messages.send')}
      </Button>
    </Form>
  );
}

function Broadcasts({ canSend }: { canSend: boolean }) {
  const { t } = useTranslation();
  const paged = usePaged([]);
  const list = useBroadcasts({ page: String(paged.page), limit: String(paged.limit) });
  return (
    <>
      {canSend && (
        <Card title={t('messages.newMessage')} style={{ marginBottom: 16 }}>
          <SendForm onSent={() => undefined} />
        </Card>
      )}
      {list.isError && !list.data ? (
        <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<BroadcastRow>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.list}
          pagination={paged.pagination(list.data?.total)}
          locale={{ emptyText: t('messages.noMessages') }}
          expandable={{
            columnTitle: <span className="visually-hidden">{t('common.details')}</span>,
            expandedRowRender: (b) => <p style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{b.body}</p>,
          }}
          columns={[
            { title: t('messages.title'), dataIndex: 'title' },
            {
              title: t('messages.audience'),
              render: (_, b) =>
                b.audience === 'all'
                  ? t('messages.toAll')
                  : t('messages.toIds', { ids: b.merchant_ids.join(', ') }),
            },
            {
              title: t('messages.reads'),
              align: 'right',
              render: (_, b) => `${formatNumber(b.reads)} / ${formatNumber(b.recipients)}`,
            },
            { title: t('messages.by'), render: (_, b) => b.operator.username },
            { title: t('messages.sentAt'), render: (_, b) => formatDate(b.created_at) },
          ]}
        />
      )}
    </>
  );
}

interface AnnouncementValues {
  texts: Partial<Record<Lang, string>>;
  main_lang: Lang;
  active: boolean;
  sort: number;
}

function AnnouncementModal({
  editing,
  onClose,
}: {
  editing: AnnouncementRow | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AnnouncementValues>();
  const current = editing !== 'new' ? editing : null;
  const save = useSaveAnnouncement();
  const { submit, formError, busy, clear } = useContractSubmit(
    form,
    current ? updateAnnouncementSchema : createAnnouncementSchema,
  );
  const close = () => {
    clear();
    onClose();
  };
  return (
    <Modal
      open={editing !== null}
      title={current ? t('messages.editAnnouncement') : t('messages.newAnnouncement')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
      width={640}
    >
      <Form<AnnouncementValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          current
            ? {
                texts: current.texts,
                main_lang: current.main_lang,
                active: current.active,
                sort: current.sort,
              }
            : { texts: {}, main_lang: currentLang(), active: true, sort: 0 }
        }
        onFinish={(v) => {
          const texts = Object.fromEntries(LANGUAGES.map((l) => [l, v.texts?.[l] ?? '']));
          void submit({ ...(current ? { id: current.id } : {}), ...v, texts }, save.mutateAsync).then(
            (saved) => {
              if (!saved) return;
              notify.success(t('common.saved'));
              close();
            },
          );
        }}
      >
        <Flex gap={16} wrap>
          <Form.Item name="main_lang" label={t('messages.mainLang')}>
            <Select
              style={{ width: 180 }}
              options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            />
          </Form.Item>
          <Form.Item name="sort" label={t('messages.sort')}>
            <InputNumber min={0} precision={0} />
          </Form.Item>
          <Form.Item name="active" label={t('messages.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Flex>
        <Tabs
          size="small"
          items={LANGUAGES.map((l) => ({
            key: l,
            label: LANGUAGE_NAMES[l],
            forceRender: true,
            children: (
              <Form.Item name={['texts', l]} label={t('messages.text')}>
                <Input.TextArea rows={3} lang={l} />
              </Form.Item>
            ),
          }))}
        />
        <FormError error={formError} />
      </Form>
    </Modal>
  );
}

function Announcements({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const paged = usePaged([], 'a_');
  const list = useAnnouncements({ page: String(paged.page), limit: String(paged.limit) });
  const [editing, setEditing] = useState<AnnouncementRow | 'new' | null>(null);
  return (
    <>
      {canEdit && (
        <Button type="primary" style={{ marginBottom: 16 }} onClick={() => setEditing('new')}>
          {t('messages.newAnnouncement')}
        </Button>
      )}
      {list.isError && !list.data ? (
        <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<AnnouncementRow>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.list}
          pagination={paged.pagination(list.data?.total)}
          locale={{ emptyText: t('messages.noAnnouncements') }}
          columns={[
            { title: t('messages.text'), render: (_, a) => a.texts[lang] || a.texts[a.main_lang] || '' },
            { title: t('messages.sort'), dataIndex: 'sort', width: 80 },
            {
              title: t('messages.active'),
              render: (_, a) => (
                <Tag color={a.active ? 'green' : 'default'}>
                  {a.active ? t('messages.shown') : t('messages.hidden')}
                </Tag>
              ),
            },
            { title: t('messages.updatedAt'), render: (_, a) => formatDate(a.updated_at) },
            ...(canEdit
              ? [
                  {
                    title: <span className="visually-hidden">{t('common.actions')}</span>,
                    width: 100,
                    render: (_: unknown, a: AnnouncementRow) => (
                      <Button size="small" onClick={() => setEditing(a)}>
                        {t('common.edit')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      <AnnouncementModal editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}

/** System messages to all merchants or chosen ones, and the announcements scrolling on Home. */
export default function MessagesScreen() {
  const { t } = useTranslation();
  const { operator } = useSession();
  const canSend = canUse(operator?.role, adminMessageRoutes.broadcast);
  const canEdit = canUse(operator?.role, adminMessageRoutes.createAnnouncement);
  return (
    <>
      <PageTitle title={t('routes.messages')} />
      <Tabs
        items={[
          { key: 'system', label: t('messages.system'), children: <Broadcasts canSend={canSend} /> },
          {
            key: 'announcements',
            label: t('messages.announcements'),
            children: <Announcements canEdit={canEdit} />,
          },
        ]}
      />
    </>
  );
}
