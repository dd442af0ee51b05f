import { useEffect, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { errorMessage } from '../../lib/api';
import { useMinimumPending } from '../../lib/pending';
import { useAgent } from '../../stores/agent';
import { useUi } from '../../stores/ui';
import { loadAgentAccounts } from './api';
import { BankInfoBlock } from './BankBlock';

/**
 * The deposit notice (the `depositOpen` flag; docs/rules/member-site.md §2, a deposit notice with a
 * bank-info block): the operator's receiving bank accounts and TrueMoney wallets from agent state,
 * loaded when it opens, with the rule that a deposit is made from the member's own registered account.
 */
export function DepositNotice() {
  const open = useUi((s) => s.depositOpen);
  const set = useUi((s) => s.set);
  const banks = useAgent((s) => s.agentBank);
  const wallets = useAgent((s) => s.agentTrueMoney);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = useMinimumPending(loading);

  useEffect(() => {
    if (!open) return;
    setLoading(true);
    setFailure(null);
    loadAgentAccounts()
      .catch((err: unknown) => setFailure(errorMessage(err)))
      .finally(() => setLoading(false));
  }, [open]);

  return (
    <Dialog
      open={open}
      onClose={() => set({ depositOpen: false })}
      title="บัญชีรับฝากของเว็บไซต์"
      width={480}
      testId="deposit-notice"
    >
      <p className="confirm-text">
        โอนจากบัญชีที่ลงทะเบียนไว้เท่านั้น และสร้างรายการฝากก่อนโอนทุกครั้ง ระบบจะเติมเงินให้อัตโนมัติ
      </p>
      {pending ? (
        <p className="empty-text">กำลังโหลดบัญชี…</p>
      ) : failure ? (
        <p className="error-box" role="alert">
          {failure}
        </p>
      ) : (
        <div className="deposit-notice__list">
          {banks.map((b) => (
            <BankInfoBlock
              key={`bank-${b.id}`}
              title="บัญชีธนาคาร"
              account={{
                kind: 'bank',
                id: b.id,
                name: b.bank_name,
                bank_code: b.bank_code,
                bank_short: b.bank_short,
                account_no: b.account_no,
                account_name: b.account_name,
              }}
            />
          ))}
          {wallets.map((w) => (
            <BankInfoBlock
              key={`tmn-${w.id}`}
              title="ทรูมันนี่วอลเล็ท"
              account={{
                kind: 'truemoney',
                id: w.id,
                name: 'ทรูมันนี่วอลเล็ท',
                bank_code: null,
                bank_short: null,
                account_no: w.phone,
                account_name: w.account_name,
              }}
            />
          ))}
          {banks.length === 0 && wallets.length === 0 && <p className="empty-text">ยังไม่มีบัญชีรับฝากในขณะนี้</p>}
        </div>
      )}
    </Dialog>
  );
}
