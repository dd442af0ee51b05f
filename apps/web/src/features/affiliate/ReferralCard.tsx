import { CopyIcon, ShareIcon } from '../../components/Icons';
import { useShareTarget } from '../../lib/share';
import { toast } from '../../lib/toast';
import type { AffiliateConfigs } from './api';

const SHARE_TEXT = 'สมัครสมาชิกโชคผ่านลิงก์ของฉัน แล้วมาลุ้นโชคไปด้วยกัน';

/** The member's referral link (docs/rules/engagement.md §11 rule 1): copy, share and its QR code. */
export function ReferralCard({ configs }: { configs: AffiliateConfigs }) {
  const link = configs.link ?? '';
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  // Inside LINE (a /liff page): LINE's own share picker.
  const picker = useShareTarget((s) => s.target);

  function copy() {
    navigator.clipboard
      ?.writeText(link)
      .then(() => toast.success('คัดลอกลิงก์แล้ว', { duration: 3000 }))
      .catch(() => toast.error('คัดลอกไม่สำเร็จ กรุณากดค้างที่ลิงก์เพื่อคัดลอก', { duration: 3000 }));
  }

  function share() {
    navigator.share({ title: 'ชวนเพื่อนมาเล่นที่โชค', text: SHARE_TEXT, url: link }).catch(() => {
      // Closing the share sheet is not an error.
    });
  }

  return (
    <section className="panel aff-link" aria-labelledby="aff-link-title">
      <h2 id="aff-link-title" className="panel__title">
        ลิงก์แนะนำเพื่อนของคุณ
      </h2>
      <div className="aff-link__body">
        <div className="aff-link__main">
          <p className="aff-link__label">รหัสแนะนำ</p>
          <p className="aff-link__code" data-testid="affiliate-code">
            {configs.referral_code}
          </p>
          <p className="aff-link__label">ลิงก์สมัครสมาชิก</p>
          <code className="aff-link__url" data-testid="affiliate-link">
            {link}
          </code>
          <div className="aff-link__actions">
            <button type="button" className="btn btn--primary btn--sm" onClick={copy}>
              <CopyIcon size={16} />
              คัดลอกลิงก์
            </button>
            {picker && (
              <button
                type="button"
                className="btn btn--outline btn--sm"
                onClick={() => {
                  picker.share(`${SHARE_TEXT} ${link}`).catch(() => {
                    toast.error('ส่งลิงก์ไม่สำเร็จ กรุณาลองใหม่', { duration: 3000 });
                  });
                }}
              >
                <ShareIcon size={16} />
                {picker.label}
              </button>
            )}
            {canShare && (
              <button type="button" className="btn btn--outline btn--sm" onClick={share}>
                <ShareIcon size={16} />
                แชร์ลิงก์
              </button>
            )}
          </div>
        </div>
        {configs.qr_image && (
          <figure className="aff-link__qr">
            <img src={configs.qr_image} alt="คิวอาร์โค้ดลิงก์แนะนำเพื่อน" width={148} height={148} />
            <figcaption>ให้เพื่อนสแกนเพื่อสมัคร</figcaption>
          </figure>
        )}
      </div>
    </section>
  );
}
