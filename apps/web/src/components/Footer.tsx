import { useAgent } from '../stores/agent';
import { Logo } from './Logo';

/** Copyright with the current year, the product name and "All Rights Reserved". */
export function Footer() {
  const name = useAgent((s) => s.agentConfig?.name ?? 'Chok');
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <div className="container footer__inner">
        <Logo />
        <p className="footer__tagline">หวยออนไลน์ คาสิโน สล็อต ฝาก-ถอนอัตโนมัติ ตลอด 24 ชั่วโมง</p>
        <p className="footer__copy">
          Copyright © {year} {name} All Rights Reserved
        </p>
      </div>
    </footer>
  );
}
