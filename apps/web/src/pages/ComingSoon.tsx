import { Link, useMatches } from 'react-router';
import { GiftIcon } from '../components/Icons';
import { pageTitleOf } from '../lib/page-handle';

/** A section whose feature arrives in a later release: says so plainly, shows no made-up data. */
export default function ComingSoon() {
  const title = pageTitleOf(useMatches()) || 'หน้านี้';
  return (
    <section className="container coming-soon">
      <div className="coming-soon__card">
        <span className="coming-soon__icon">
          <GiftIcon size={36} />
        </span>
        <h1 className="coming-soon__title">{title}</h1>
        <p className="coming-soon__text">ฟีเจอร์นี้ยังไม่เปิดให้บริการ</p>
        <p className="coming-soon__sub">เรากำลังเตรียมความพร้อม และจะเปิดให้ใช้งานเร็ว ๆ นี้</p>
        <Link to="/" className="btn btn--primary">
          กลับสู่หน้าแรก
        </Link>
      </div>
    </section>
  );
}
