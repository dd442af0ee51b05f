import { useState } from 'react';
import { Field } from '../../components/Field';
import { useAction } from '../../lib/action';
import { errorMessage } from '../../lib/api';
import { useCountdown } from './useCountdown';

interface Props {
  phone: string;
  value: string;
  onChange: (otp: string) => void;
  error?: string;
  /** Sends the OTP; resolves with the reference and the resend wait. */
  send: () => Promise<{ ref: string; resend_in: number }>;
  onSendError: (message: string) => void;
}

/** The OTP input with its "request OTP" button, reference code and resend countdown. */
export function OtpField({ phone, value, onChange, error, send, onSendError }: Props) {
  const [left, startCountdown] = useCountdown();
  const { pending, run } = useAction();
  const [sentRef, setSentRef] = useState<string | null>(null);

  function request() {
    void run(
      async () => {
        const sent = await send();
        setSentRef(sent.ref);
        startCountdown(sent.resend_in);
      },
      (err) => onSendError(errorMessage(err)),
    );
  }

  const canSend = /^0\d{9}$/.test(phone) && left === 0 && !pending;
  return (
    <Field
      label="รหัส OTP"
      name="otp"
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="รหัส 6 หลัก"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      error={error}
      hint={sentRef ? `ส่งรหัส OTP ไปที่ ${phone} แล้ว (รหัสอ้างอิง ${sentRef})` : 'กดขอรหัส OTP เพื่อรับรหัสทาง SMS'}
      addon={
        <button type="button" className="btn btn--outline field__addon" onClick={request} disabled={!canSend}>
          {left > 0 ? `ขอใหม่ใน ${left} วิ` : sentRef ? 'ขอรหัสใหม่' : 'ขอรหัส OTP'}
        </button>
      }
    />
  );
}
