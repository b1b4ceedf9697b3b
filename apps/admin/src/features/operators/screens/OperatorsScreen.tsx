import { OPERATOR_ROLES, type OperatorRole } from '@dropdesk/contract/route';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError';
import { PageTitle } from '../../../components/PageTitle';
import { LoadFailed } from '../../../components/QueryState';
import { RoleTag } from '../../../components/RoleTag';
import { useContractSubmit } from '../../../lib/form';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { usePaged } from '../../../lib/paged';
import { useSession } from '../../../lib/session';
import {
  createOperator,
  createOperatorSchema,
  type OperatorRow,
  resetTotp,
  updateOperator,
  useOperatorChange,
  useOperators,
} from '../api/operators';
import { useRoleNames } from '../components/role-names';

function CreateOperator({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const roles = useRoleNames();
  const [form] = Form.useForm<{ username?: string; password?: string; role?: OperatorRole }>();
  const create = useOperatorChange(createOperator);
  const { submit, formError, busy, clear } = useContractSubmit(form, createOperatorSchema);
  const close = () => {
    clear();
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('operators.new')}
      okText={t('operators.create')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) =>
          void submit(v, create.mutateAsync).then((op) => {
            if (!op) return;
            notify.success(t('operators.created', { name: op.username }));
            close();
          })
        }
      >
        <Form.Item name="username" label={t('auth.username')} extra={t('operators.usernameHelp')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label={t('operators.firstPassword')} extra={t('operators.passwordHelp')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="role" label={t('operators.role')}>
          <Select options={OPERATOR_ROLES.map((r) => ({ value: r, label: roles[r] }))} />
        </Form.Item>
        <FormError error={formError} />
      </Form>
    </Modal>
  );
}

/** Admins manage operators: create, re-role, disable or enable, reset the second factor. */
export default function OperatorsScreen() {
  const { t } = useTranslation();
  const { operator: me } = useSession();
  const roles = useRoleNames();
  const paged = usePaged(['q', 'role', 'status'] as const);
  const list = useOperators(paged.query);
  const update = useOperatorChange(updateOperator);
  const reset = useOperatorChange(resetTotp);
  const [creating, setCreating] = useState(false);
  const tell = (p: Promise<unknown>, ok: string) =>
    p.then(
      () => notify.success(ok),
      (e: Error) => notify.error(e.message),
    );
  return (
    <>
      <PageTitle
        title={t('routes.operators')}
        extra={
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('operators.new')}
          </Button>
        }
      />
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          aria-label={t('operators.search')}
          placeholder={t('operators.search')}
          defaultValue={paged.filters.q}
          maxLength={32}
          onSearch={(v) => paged.setFilters({ q: v.trim() || undefined })}
          style={{ width: 240 }}
        />
        <Select
          allowClear
          aria-label={t('operators.role')}
          placeholder={t('operators.anyRole')}
          value={paged.filters.role}
          onChange={(v?: string) => paged.setFilters({ role: v })}
          style={{ width: 160 }}
          options={OPERATOR_ROLES.map((r) => ({ value: r, label: roles[r] }))}
        />
        <Select
          allowClear
          aria-label={t('operators.status')}
          placeholder={t('operators.anyStatus')}
          value={paged.filters.status}
          onChange={(v?: string) => paged.setFilters({ status: v })}
          style={{ width: 160 }}
          options={[
            { value: 'active', label: t('operators.active') },
            { value: 'disabled', label: t('operators.disabled') },
          ]}
        />
      </Flex>
      {list.isError && !list.data ? (
        <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<OperatorRow>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.list}
          pagination={paged.pagination(list.data?.total)}
          locale={{ emptyText: t('operators.none') }}
          columns={[
            {
              title: t('auth.username'),
              render: (_, o) => <Typography.Text strong>{o.username}</Typography.Text>,
            },
            {
              title: t('operators.role'),
              render: (_, o) =>
                o.id === me?.id ? (
                  <RoleTag role={o.role} />
                ) : (
                  <Select
                    size="small"
                    aria-label={t('operators.roleOf', { name: o.username })}
                    value={o.role}
                    style={{ width: 140 }}
                    options={OPERATOR_ROLES.map((r) => ({ value: r, label: roles[r] }))}
                    onChange={(role) => tell(update.mutateAsync({ id: o.id, role }), t('operators.reroled'))}
                  />
                ),
            },
            {
              title: t('operators.status'),
              render: (_, o) =>
                o.disabled ? (
                  <Tag>{t('operators.disabled')}</Tag>
                ) : (
                  <Tag color="green">{t('operators.active')}</Tag>
                ),
            },
            {
              title: t('operators.secondFactor'),
              render: (_, o) =>
                o.totp_enrolled ? (
                  <Tag color="blue">{t('operators.enrolled')}</Tag>
                ) : (
                  <Tag color="gold">{t('operators.notEnrolled')}</Tag>
                ),
            },
            { title: t('operators.lastLogin'), render: (_, o) => formatDate(o.last_login_at) },
            {
              title: <span className="visually-hidden">{t('common.actions')}</span>,
              render: (_, o) =>
                o.id === me?.id ? (
                  <Typography.Text type="secondary">{t('operators.you')}</Typography.Text>
                ) : (
                  <Flex gap={8}>
                    <Popconfirm
                      title={o.disabled ? t('operators.enableQuestion') : t('operators.disableQuestion')}
                      okText={o.disabled ? t('operators.enable') : t('operators.disable')}
                      cancelText={t('common.cancel')}
                      onConfirm={() =>
                        tell(
                          update.mutateAsync({ id: o.id, disabled: !o.disabled }),
                          o.disabled ? t('operators.enabled') : t('operators.disabledDone'),
                        )
                      }
                    >
                      <Button size="small" danger={!o.disabled}>
                        {o.disabled ? t('operators.enable') : t('operators.disable')}
                      </Button>
                    </Popconfirm>
                    <Popconfirm
                      title={t('operators.resetQuestion')}
                      okText={t('operators.reset')}
                      cancelText={t('common.cancel')}
                      onConfirm={() => tell(reset.mutateAsync(o.id), t('operators.resetDone'))}
                    >
                      <Button size="small">{t('operators.reset')}</Button>
                    </Popconfirm>
                  </Flex>
                ),
            },
          ]}
        />
      )}
      <CreateOperator open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
