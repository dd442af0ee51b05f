import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LaterImage } from '../../components/LaterImage';
import { prefersReducedMotion, scrollBehavior } from '../../lib/motion';
import type { Banner } from './api';

const AUTO_ADVANCE_MS = 5000;

function BannerImage({ banner, eager }: { banner: Banner; eager: boolean }) {
  // The first banner is the first screen's picture (preloaded by the page); the others wait (LaterImage).
  const img = eager ? (
    <img src={banner.image} alt={banner.title} />
  ) : (
    <LaterImage src={banner.image} alt={banner.title} />
  );
  if (!banner.link) return img;
  if (/^https?:\/\//.test(banner.link)) {
    return (
      <a href={banner.link} target="_blank" rel="noopener noreferrer">
        {img}
      </a>
    );
  }
  return <Link to={banner.link}>{img}</Link>;
}

/**
 * Home banners: a swipeable scroll-snap strip that advances by itself every 5 s — only while it is on
 * screen and the member is not pointing at it or focused in it, and never when they asked their
 * device for less motion (WCAG 2.2.2: moving content pauses; each banner stays reachable by swipe
 * and by its dot).
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);

  useEffect(() => {
    const el = track.current;
    if (banners.length < 2 || !el || prefersReducedMotion()) return;
    let onScreen = true;
    const seen = new IntersectionObserver(([entry]) => {
      onScreen = entry?.isIntersecting ?? true;
    });
    seen.observe(el);
    const timer = window.setInterval(() => {
      const carousel = el.parentElement;
      if (!onScreen || document.hidden || carousel?.matches(':hover, :focus-within')) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % banners.length;
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    }, AUTO_ADVANCE_MS);
    return () => {
      window.clearInterval(timer);
      seen.disconnect();
    };
  }, [banners.length]);

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label="แบนเนอร์">
      <div
        className="carousel__track"
        ref={track}
        onScroll={(e) => setActive(Math.round(e.currentTarget.scrollLeft / e.currentTarget.clientWidth))}
      >
        {banners.map((b, i) => (
          <div className="carousel__slide" key={b.id}>
            <BannerImage banner={b} eager={i === 0} />
          </div>
        ))}
      </div>
      {banners.length > 1 && (
        <div className="carousel__dots">
          {banners.map((b, i) => (
            <button
              key={b.id}
              type="button"
              className={`carousel__dot${i === active ? ' is-active' : ''}`}
              aria-label={`แบนเนอร์ที่ ${i + 1}`}
              aria-current={i === active}
              onClick={() => {
                const el = track.current;
                el?.scrollTo({ left: i * el.clientWidth, behavior: scrollBehavior() });
              }}
            />
          ))}
        </div>
      )}
    </section>
  );
}
