import type { Problem, Verification } from '@dropdesk/ledger-proof';
import { useTranslation } from 'react-i18next';

/** An account's key in words: "Wallet (wallet:12)"; a kind the app doesn't name, as it is. */
export function useAccountName(): (account: string) => string {
  const { t } = useTranslation();
  return (account) => {
    const kind = account.split(':')[0];
    const name =
      kind === 'wallet'
        ? t('ledger.account.wallet')
        : kind === 'withdraw_hold'
          ? t('ledger.account.withdrawHold')
          : null;
    return name ? `${name} (${account})` : account;
  };
}

/** Each problem of a verification as a sentence (literal keys, for the i18n check). */
export function useProblemSentence(): (
  p: Problem,
  context: { merchant: number | null; v: Verification; platformFingerprint: string | null },
) => string {
  const { t } = useTranslation();
  const accountName = useAccountName();
  return (p, { merchant, v, platformFingerprint }) => {
    const account = p.account ? accountName(p.account) : '';
    const seq = p.seq;
    const id = v.checkpoint?.id;
    switch (p.code) {
      case 'FORMAT':
        return t('ledger.problem.format');
      case 'ACCOUNT':
        return seq === undefined
          ? t('ledger.problem.account', { account: p.account, merchant })
          : t('ledger.problem.accountPosting', { account, seq });
      case 'SEQUENCE':
        return t('ledger.problem.sequence', { account, seq });
      case 'PERIOD':
        return t('ledger.problem.period', { account, seq });
      case 'HASH':
        return seq === 0
          ? t('ledger.problem.opening', { account })
          : t('ledger.problem.hash', { account, seq });
      case 'BALANCE':
        return t('ledger.problem.balance', { account, seq });
      case 'CLOSING':
        return t('ledger.problem.closing', { account });
      case 'SIGNATURE':
        return t('ledger.problem.signature');
      case 'KEY':
        return t('ledger.problem.key', {
          fingerprint: v.checkpoint?.fingerprint ?? '',
          platform: platformFingerprint ?? '',
        });
      case 'PROOF':
        return t('ledger.problem.proof', { account, id });
      case 'CHECKPOINT_DIFFERS':
        return t('ledger.problem.checkpointDiffers', { id });
    }
  };
}
