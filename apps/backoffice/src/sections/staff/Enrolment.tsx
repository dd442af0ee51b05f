/** A TOTP enrolment, shown once after a staff account is created or its code is reset. */
export interface EnrolmentData {
  otpauth_url: string;
  secret: string;
  qr_svg: string;
}

export function Enrolment(props: { username: string; enrolment: EnrolmentData; onDone: () => void }) {
  const { enrolment } = props;
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`;
  return (
    <section className="card enrolment" aria-labelledby="enrolment-title">
      <h2 id="enrolment-title">รหัสยืนยันสองขั้นตอนของ {props.username}</h2>
      <p>
        ให้ผู้ใช้สแกนคิวอาร์โค้ดนี้ด้วยแอปยืนยันตัวตน (เช่น Google Authenticator) <strong>แสดงเพียงครั้งเดียว</strong>{' '}
        ปิดหน้านี้แล้วจะดูอีกไม่ได้ ต้องรีเซ็ตใหม่เท่านั้น
      </p>
      <img src={src} width={200} height={200} alt={`คิวอาร์โค้ดสำหรับลงทะเบียนรหัสยืนยันของ ${props.username}`} />
      <p>
        รหัสลับสำหรับพิมพ์เอง: <code data-testid="totp-secret">{enrolment.secret}</code>
      </p>
      <button type="button" className="btn btn-primary" onClick={props.onDone}>
        บันทึกแล้ว ปิดรหัสนี้
      </button>
    </section>
  );
}
