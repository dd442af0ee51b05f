import { useNavigate } from 'react-router';
import { Dialog } from '../../components/Dialog';
import { TreasureChest } from '../../components/Icons';
import { useUi } from '../../stores/ui';
import { useEvents } from './api';

/** The treasure-chest icon (only when events exist) and the event dialog (width 800). */
export function EventCorner() {
  const { data: events } = useEvents();
  const open = useUi((s) => s.eventOpen);
  const set = useUi((s) => s.set);
  const navigate = useNavigate();
  if (!events || events.length === 0) return null;

  /** An event leads to its poll (`/poll/{id}`, docs/rules/engagement.md §10) or its own link. */
  function follow(link: string | null) {
    if (link && /^https?:\/\//.test(link)) window.open(link, '_blank', 'noopener,noreferrer');
    else navigate(link?.startsWith('/') ? link : '/poll');
  }

  return (
    <>
      <button
        type="button"
        className="event-fab"
        aria-label="กิจกรรม"
        onClick={() => set({ eventOpen: true })}
      >
        <TreasureChest />
      </button>
      <Dialog
        open={open}
        onClose={() => set({ eventOpen: false })}
        title="กิจกรรม"
        width={800}
        testId="event-dialog"
      >
        <div className="event-list">
          {events.map((e) => (
            <button
              key={e.id}
              type="button"
              className="event-list__item"
              onClick={() => {
                set({ eventOpen: false });
                follow(e.link);
              }}
            >
              <img src={e.image} alt={e.title} loading="lazy" />
            </button>
          ))}
        </div>
      </Dialog>
    </>
  );
}
