import { useSessionData } from '../stores/session';
import { ChatIcon, ChevronDownIcon } from './Icons';

/**
 * Tucks the floating chat and event buttons away, and brings them back (docs/rules/member-site.md
 * §10). Tucked, they stay tucked for the browser session (`session_data`); what is left is this
 * small tab, and the page keeps clear of it as it keeps clear of the buttons. Shown only beside a
 * floating button (styles/global.css).
 */
export function FloatingToggle() {
  const tucked = useSessionData((s) => s.fabsTucked);
  const setTucked = useSessionData((s) => s.setFabsTucked);
  return (
    <button
      type="button"
      className={`fab-toggle${tucked ? ' is-tucked' : ''}`}
      aria-label={tucked ? 'แสดงปุ่มลอย' : 'ซ่อนปุ่มลอย'}
      onClick={() => setTucked(!tucked)}
    >
      {/* Tucked, the tab shows the chat's mark (an arrow up would read as "back to the top"). */}
      {tucked ? <ChatIcon size={18} /> : <ChevronDownIcon size={18} />}
    </button>
  );
}
