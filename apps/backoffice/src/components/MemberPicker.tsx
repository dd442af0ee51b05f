import * as members from '@chok/contract/routes/admin-members';
import { useEffect, useState } from 'react';
import { useApi } from '../lib/query';
import { BankName } from './Bank';

/** How long typing pauses before the search runs. */
const SEARCH_PAUSE_MS = 250;

/**
 * Picks a member by search rather than by a typed id (phone, account name, bank account number or
 * referral code, as the Members page searches): the operator sees whom the money goes to — name,
 * phone, bank account — before confirming. `value` is the chosen member's id ('' while none is).
 */
export function MemberPicker(props: {
  id: string;
  value: string;
  onChange: (memberId: string) => void;
  /** The search the picker starts with (a statement line's sender, say). */
  initialSearch?: string;
  describedBy?: string;
  invalid?: boolean;
}) {
  const [text, setText] = useState(props.initialSearch ?? '');
  const [q, setQ] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useApi(members.searchMembers, { q, page: 1, page_size: 5 }, { enabled: q.length >= 2 });
  const items = q.length >= 2 ? (found.data?.items ?? []) : [];
  return (
    <div className="member-picker">
      <input
        id={props.id}
        type="search"
        autoComplete="off"
        placeholder="เบอร์โทรศัพท์ ชื่อบัญชี เลขบัญชี หรือรหัสแนะนำ"
        value={text}
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid || undefined}
        onChange={(e) => {
          setText(e.target.value);
          props.onChange('');
        }}
      />
      {q.length < 2 ? (
        <p className="hint">พิมพ์อย่างน้อย 2 ตัวอักษรเพื่อค้นหาสมาชิก</p>
      ) : found.isError ? (
        <p className="field-error" role="alert">
          {found.error.message}
        </p>
      ) : found.isPending ? (
        <p className="hint" aria-live="polite">
          กำลังค้นหา…
        </p>
      ) : items.length === 0 ? (
        <p className="hint" aria-live="polite">
          ไม่พบสมาชิกที่ตรงกับคำค้นหา
        </p>
      ) : (
        <fieldset className="member-picker__list">
          <legend className="hint">
            เลือกสมาชิก ({items.length === 5 ? '5 รายการแรก' : `${items.length} รายการ`})
          </legend>
          {items.map((m) => (
            <label key={m.id} className="member-picker__item">
              <input
                type="radio"
                name={`${props.id}-member`}
                value={String(m.id)}
                checked={props.value === String(m.id)}
                onChange={() => props.onChange(String(m.id))}
              />
              <span>
                <strong>{m.account_name}</strong> · {m.phone} ·{' '}
                <BankName code={m.bank_code} account={m.account_no} /> <small className="hint">#{m.id}</small>
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
