import { CouponForm } from '../../features/coupons/CouponForm';
import { CouponHistory } from '../../features/coupons/CouponHistory';
import '../member.css';
import './coupon.css';

/** `/member/coupon`: redeem a code for free credit (docs/rules/engagement.md §2) and the history. */
export default function Coupon() {
  return (
    <div className="container member-page coupon-page">
      <h1 className="page-title">ใช้คูปอง</h1>
      <div className="page-grid page-grid--top">
        <div className="coupon-grid__main">
          <CouponForm />
          <section className="panel" aria-labelledby="coupon-rules-title">
            <h2 id="coupon-rules-title" className="panel__title">
              เงื่อนไขการใช้คูปอง
            </h2>
            <ul className="rule-list rule-list--roomy">
              <li>ใช้ได้เมื่อยอดเงินทุกกระเป๋ารวมกันต่ำกว่า 5 บาท และไม่มีเกมหรือโพยหวยที่รอผล</li>
              <li>คูปองแต่ละโค้ดใช้ได้คนละ 1 ครั้ง</li>
              <li>ได้รับเป็นเครดิตฟรี ทำเทิร์น 5 เท่าของมูลค่าคูปอง ถอนได้สูงสุด 300 บาทต่อคูปอง</li>
              <li>กรอกโค้ดผิด 5 ครั้งภายใน 1 ชั่วโมง ระบบจะล็อกการใช้คูปอง 1 ชั่วโมง</li>
            </ul>
          </section>
        </div>
        <CouponHistory />
      </div>
    </div>
  );
}
