import { AUDIT_ACTIONS, AUDIT_TARGETS } from '@dropdesk/contract/admin';
import { foldedIncludes } from '@dropdesk/contract/fold';
import DatePicker from 'antd/es/date-picker';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select, { type DefaultOptionType } from 'antd/es/select';
import Table from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { LoadFailed } from '../../../components/QueryState';
import { formatDate } from '../../../lib/format';
import { usePaged } from '../../../lib/paged';
import { type AuditQuery, type AuditRow, useAudit } from '../api/get-audit';
import { AuditDiff } from '../components/AuditDiff';
import { inWords, useAuditActionNames } from '../components/audit-actions';
import { useAuditTargetNames } from '../components/audit-targets';

/**
 * A choice is found by its words or by its key (`operator.enrol_totp`, `topup_bank_account`), case
 * and accents folded as in every search box (contract foldText: "viet" finds "Việt").
 */
const byWordsOrKey = {
  filterOption: (input: string, option?: DefaultOptionType) =>
    foldedIncludes(`${option?.label ?? ''} ${option?.value ?? ''}`, input.trim()),
};

const FILTERS = ['operator_id', 'action', 'target_type', 'target_id', 'from', 'to'] as const;

/** The append-only audit log: who did what to which target, with before and after as a diff. */
export default function AuditScreen() {
  const { t } = useTranslation();
  const paged = usePaged(FILTERS);
  const audit = useAudit(paged.query as AuditQuery);
  const actions = useAuditActionNames();
  const targets = useAuditTargetNames();
  const text = (name: 'target_id' | 'operator_id', label: string, width = 180) => (
    <Input.Search
      allowClear
      aria-label={label}
      placeholder={label}
      defaultValue={paged.filters[name]}
      maxLength={64}
      onSearch={(v) => paged.setFilters({ [name]: v.trim() || undefined })}
      style={{ width }}
    />
  );
  return (
    <>
      <PageTitle title={t('routes.audit')} sub={t('audit.appendOnly')} />
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('audit.action')}
          allowClear
          showSearch={byWordsOrKey}
          placeholder={t('audit.action')}
          value={paged.filters.action}
          onChange={(v?: string) => paged.setFilters({ action: v })}
          style={{ width: 300 }}
          options={AUDIT_ACTIONS.map((a) => ({ value: a, label: actions[a] }))}
        />
        <Select
          aria-label={t('audit.targetType')}
          allowClear
          showSearch={byWordsOrKey}
          placeholder={t('audit.targetType')}
          value={paged.filters.target_type}
          onChange={(v?: string) => paged.setFilters({ target_type: v })}
          style={{ width: 240 }}
          options={AUDIT_TARGETS.map((type) => ({ value: type, label: targets[type] }))}
        />
        {text('target_id', t('audit.targetId'), 140)}
        {text('operator_id', t('audit.operatorId'), 140)}
        <DatePicker.RangePicker
          showTime
          aria-label={t('audit.when')}
          value={
            paged.filters.from && paged.filters.to
              ? [dayjs(paged.filters.from), dayjs(paged.filters.to)]
              : undefined
          }
          onChange={(range) =>
            paged.setFilters({
              from: range?.[0]?.toISOString() ?? undefined,
              to: range?.[1]?.toISOString() ?? undefined,
            })
          }
        />
      </Flex>
      {audit.isError && !audit.data ? (
        <LoadFailed error={audit.error} onRetry={() => void audit.refetch()} />
      ) : (
        <Table<AuditRow>
          rowKey="id"
          size="middle"
          loading={audit.isFetching}
          dataSource={audit.data?.list}
          pagination={paged.pagination(audit.data?.total)}
          locale={{ emptyText: t('audit.none') }}
          expandable={{
            columnTitle: <span className="visually-hidden">{t('common.details')}</span>,
            expandedRowRender: (e) => <AuditDiff before={e.before} after={e.after} detail={e.detail} />,
          }}
          columns={[
            { title: t('audit.when'), render: (_, e) => formatDate(e.created_at) },
            { title: t('audit.who'), render: (_, e) => e.operator?.username ?? t('audit.commandLine') },
            {
              title: t('audit.action'),
              // In words; the key the server wrote stays a hover or focus away (and filters by it).
              render: (_, e) => (
                <Tooltip title={<code>{e.action}</code>}>
                  {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focus shows the key to keyboard users */}
                  <span tabIndex={0} data-action={e.action}>
                    {inWords(actions, e.action)}
                  </span>
                </Tooltip>
              ),
            },
            {
              title: t('audit.target'),
              // In words, like the action; the kind the server wrote stays a hover or focus away.
              render: (_, e) => (
                <Tooltip title={<code>{e.target_type}</code>}>
                  {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focus shows the key to keyboard users */}
                  <span tabIndex={0} data-target-type={e.target_type}>
                    {`${inWords(targets, e.target_type)} #${e.target_id}`}
                  </span>
                </Tooltip>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
