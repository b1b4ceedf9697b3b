import type { RechargeMethod } from '@dropdesk/contract/wallet';
import { useBankAccount } from './get-bank-account';
import { useBlockchain } from './get-blockchain';
import { useManualDeposit } from './get-manual-deposit';

/** Whether each top-up method is open: true or false once its call answers, undefined until then. */
export type OpenMethods = Record<RechargeMethod, boolean | undefined>;

/**
 * Which top-up methods are open, each from its own configuration: chain while a network has a
 * deposit address, manual while the platform's instructions are written, bank while the receiving
 * account is set. The method list and each method's "not open" screen read it.
 */
export function useOpenMethods(): OpenMethods {
  const chain = useBlockchain().data;
  const manual = useManualDeposit().data;
  const bank = useBankAccount().data;
  return {
    chain: chain && chain.networks.length > 0,
    manual: manual && manual.manual !== null,
    bank: bank && bank.account !== null,
  };
}
