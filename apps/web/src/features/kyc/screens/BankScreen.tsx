import { changeBankBody } from '@dropdesk/contract/kyc';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/FormField';
import { FormPayPassword } from '../../../components/form/PasswordPair';
import { SubmitBar } from '../../../components/form/SubmitBar';
import { Page } from '../../../components/Page';
import { QueryState } from '../../../components/QueryState';
import ui from '../../../components/ui.module.css';
import { useContractForm } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useChangeBank } from '../api/change-bank';
import { useBank } from '../api/get-bank';

const EMPTY = { holder_name: '', bank_name: '', account_number: '', pay_password: '' };

/** The bank card withdrawals go to: shown masked, changed with the payment password. */
export default function BankScreen() {
  const { t } = useTranslation();
  const bank = useBank();
  const changeBank = useChangeBank();
  const form = useContractForm(changeBankBody, { defaultValues: EMPTY });
  const onSubmit = form.submit(async (body) => {
    try {
      await changeBank.mutateAsync(body);
    } catch (error) {
      // A payment password is typed again after any refusal.
      form.setValue('pay_password', '');
      throw error;
    }
    toast.success(t('bank.saved'));
    form.reset(EMPTY);
  });
  return (
    <Page title={t('routes.bank')}>
      <section className={ui.card} data-testid="bank-card">
        <QueryState query={bank}>
          {(data) =>
            data.bank ? (
              <p>
                {data.bank.bank_name} · {data.bank.holder_name} · {data.bank.account_number}
              </p>
            ) : (
              <p>{t('bank.none')}</p>
            )
          }
        </QueryState>
      </section>
      <form className={`${ui.card} ${ui.form}`} onSubmit={onSubmit} noValidate>
        <FormField control={form.control} name="holder_name" label={t('bank.holder')} />
        <FormField control={form.control} name="bank_name" label={t('bank.bankName')} />
        <FormField
          control={form.control}
          name="account_number"
          label={t('bank.account')}
          inputMode="numeric"
        />
        <FormPayPassword
          control={form.control}
          name="pay_password"
          label={t('wallet.payPassword')}
          testId="bank-pay-password"
        />
        <SubmitBar control={form.control} label={t('common.save')} />
      </form>
    </Page>
  );
}
