import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <>
      <h1>ไม่พบหน้านี้</h1>
      <p>
        <Link to="/">กลับหน้าหลัก</Link>
      </p>
    </>
  );
}

export function ForbiddenPage() {
  return (
    <>
      <h1>ไม่มีสิทธิ์เข้าถึงหน้านี้</h1>
      <p>
        <Link to="/">กลับหน้าหลัก</Link>
      </p>
    </>
  );
}
