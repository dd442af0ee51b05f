import { Link } from 'react-router';
import type { ListedPromotion } from './api';

/**
 * One promotion as the member reads it: its picture and texts, its rules in plain Thai, and whether
 * it can be taken with the next deposit (the reason when not). Picking it opens the deposit form
 * with it chosen.
 */
export function PromotionCard({ promotion: p }: { promotion: ListedPromotion }) {
  const headingId = `promo-${p.id}-title`;
  return (
    <article className="promo-card-full" aria-labelledby={headingId} data-testid="promotion-card">
      {p.image && <img className="promo-card-full__image" src={p.image} alt="" loading="lazy" />}
      <div className="promo-card-full__body">
        <div className="promo-card-full__head">
          <h2 id={headingId} className="promo-card-full__title">
            {p.title}
          </h2>
          {p.rules && (
            <span className={`pill${p.eligible ? ' pill--ok' : ' pill--off'}`}>
              {p.eligible ? 'รับได้' : 'ยังรับไม่ได้'}
            </span>
          )}
        </div>
        {p.description && <p className="promo-card-full__text">{p.description}</p>}
        {p.rules && (
          <ul className="promo-rules" aria-label={`เงื่อนไขของ${p.title}`}>
            {p.rules.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        {p.terms && <p className="promo-card-full__terms">{p.terms}</p>}
        {p.eligible ? (
          <Link
            to={`/member/deposit?promotion=${p.id}`}
            className="btn btn--primary btn--block"
            aria-label={`รับโปรนี้ แล้วฝากเงิน: ${p.title}`}
          >
            รับโปรนี้ แล้วฝากเงิน
          </Link>
        ) : (
          p.reason && <p className="promo-card-full__reason">{p.reason}</p>
        )}
      </div>
    </article>
  );
}
