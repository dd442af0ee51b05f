import { bankColor } from '@chok/contract/banks';
import { CopyIcon } from '../../components/Icons';
import { toast } from '../../lib/toast';
import type { Deposit } from './api';

type Receiving = Deposit['receiving'];
type MemberAccount = Deposit['from_account'];

export function BankBadge({ code, label }: { code: string | null; label: string }) {
  const color = bankColor(code);
  return (
    <span className="bank-badge" style={{ background: color }} aria-hidden="true">
      {label.slice(0, 5)}
    </span>
  );
}

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`คัดลอก${what}แล้ว`, { duration: 3000 });
  } catch {
    toast.error('คัดลอกไม่สำเร็จ', { duration: 3000 });
  }
}

/** Group an account number the way Thai banks print it: 048-1-23456-7. */
export function formatAccountNo(no: string): string {
  if (/^\d{10}$/.test(no)) return `${no.slice(0, 3)}-${no.slice(3, 4)}-${no.slice(4, 9)}-${no.slice(9)}`;
  return no;
}

/** The bank-info block: where to send the money (docs/rules/member-site.md §2, the deposit notice). */
export function BankInfoBlock({ account, title = 'โอนเข้าบัญชี' }: { account: Receiving; title?: string }) {
  const badge =
    account.kind === 'bank' ? (account.bank_short ?? '') : account.kind === 'truemoney' ? 'TMN' : 'PP';
  const code = account.kind === 'bank' ? account.bank_code : account.kind === 'truemoney' ? '071' : '006';
  return (
    <section className="bank-info" aria-label={title} data-testid="bank-info">
      <p className="bank-info__title">{title}</p>
      <div className="bank-info__row">
        <BankBadge code={code} label={badge} />
        <div className="bank-info__main">
          <p className="bank-info__bank">{account.name}</p>
          {account.account_no && (
            <p className="bank-info__no" data-testid="bank-info-no">
              {account.kind === 'bank' ? formatAccountNo(account.account_no) : account.account_no}
            </p>
          )}
          <p className="bank-info__name">{account.account_name}</p>
        </div>
        {account.account_no && (
          <button
            type="button"
            className="icon-btn"
            aria-label="คัดลอกเลขบัญชี"
            onClick={() => copy(account.account_no ?? '', 'เลขบัญชี')}
          >
            <CopyIcon size={18} />
          </button>
        )}
      </div>
    </section>
  );
}

/** The member's registered account: deposits must come from it, withdrawals go only to it. */
export function MemberAccountBlock({
  account,
  title,
  wallet = false,
}: {
  account: MemberAccount;
  title: string;
  wallet?: boolean;
}) {
  return (
    <section className="bank-info bank-info--mine" aria-label={title}>
      <p className="bank-info__title">{title}</p>
      <div className="bank-info__row">
        {wallet ? (
          <BankBadge code="071" label="TMN" />
        ) : (
          <BankBadge code={account.bank_code} label={account.bank_short} />
        )}
        <div className="bank-info__main">
          <p className="bank-info__bank">{wallet ? 'ทรูมันนี่วอลเล็ท' : account.bank_name}</p>
          <p className="bank-info__no">
            {wallet ? (account.true_money ?? '-') : formatAccountNo(account.account_no)}
          </p>
          <p className="bank-info__name">{account.account_name}</p>
        </div>
      </div>
    </section>
  );
}

export { copy as copyText };
