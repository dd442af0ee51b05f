import { errorPageText } from '@chok/contract/layouts';
import { Link } from 'react-router';

interface Props {
  status: number;
  /**
   * Shown under the code; docs/rules/member-site.md §2: "Not Found" for 404, otherwise "an error
   * occurred" (in Thai).
   */
  message?: string;
}

/** The full-screen dark error overlay for an unknown route or a failed start-up. */
export function ErrorPage({ status, message }: Props) {
  const text = message ?? errorPageText(status);
  return (
    <div className="error-page" role="alert">
      <div className="error-page__box">
        <p className="error-page__status">{status}</p>
        <h1 className="error-page__text">{text}</h1>
        <p className="error-page__hint">
          {status === 404 ? 'ไม่พบหน้าที่คุณต้องการ' : 'ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง'}
        </p>
        {/* A full load, not client navigation: the failure may be in the app's own state. */}
        <Link className="btn btn--primary" to="/" reloadDocument>
          กลับสู่หน้าแรก
        </Link>
      </div>
    </div>
  );
}
