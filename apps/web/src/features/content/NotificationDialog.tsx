import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { preload } from 'react-dom';
import { Dialog, useOtherDialogOpen } from '../../components/Dialog';
import { NOTIFICATION_RESHOW_MS } from '../../lib/notice';
import { useAgent } from '../../stores/agent';
import { type Notification, useLocalData } from '../../stores/local';
import { useUi } from '../../stores/ui';
import { contentQueries, useNotifications } from './api';

export const NO_NOTIFICATIONS = 'ไม่มีประกาศสำคัญในตอนนี้';

/**
 * Fetched notifications replace the stored ones only when 15 minutes have passed since they were
 * last shown and the fetched list is not empty (docs/rules/member-site.md §4); then the important
 * ones are due (`notificationOpen`), and the time they are shown is recorded when their dialog
 * actually shows (NotificationDialog). A dialog the server's render opened (its `chok_notice` cookie
 * said 15 minutes had passed, lib/notice.ts) is recorded as shown with the list it shows. Answers the
 * list the page came with.
 */
function useNotificationRefresh(): Notification[] | undefined {
  const hydrated = useUi((s) => s.hydrated);
  const fromServer = useUi((s) => s.noticeFromServer);
  const agentCode = useAgent((s) => s.agentConfig?.agent_code);
  const queryClient = useQueryClient();
  // A page whose markup has the dialog open carries the list: the first important one's image is
  // fetched with the page, ahead of the other pictures, not after the scripts (the dialog is then the
  // largest thing a visitor first sees). Elsewhere the dialog waits for the page, and so does its
  // picture (NotificationDialog).
  const { data: fetched } = useNotifications();
  const first = fetched?.find((n) => n.type === 1);
  if (fromServer && first?.image) preload(first.image, { as: 'image', fetchPriority: 'high' });

  useEffect(() => {
    if (!hydrated || !agentCode) return;
    let cancelled = false;
    // The list the page came with when it is recent (the query's freshness), else fetched now.
    queryClient
      .fetchQuery(contentQueries.notifications(agentCode))
      .then((items) => {
        if (cancelled) return;
        const store = useLocalData.getState();
        const now = Date.now();
        if (useUi.getState().noticeFromServer) {
          // This browser's own record wins (a cookie cleared while `local_data` stayed): shown within
          // 15 minutes, the dialog closes again and the cookie is written back.
          if (now - store.lastNotificationShownAt < NOTIFICATION_RESHOW_MS) {
            store.markNotificationsShown(store.lastNotificationShownAt);
            useUi.getState().set({ notificationOpen: false, noticeFromServer: false });
          } else {
            store.setNotifications(items, now);
          }
          return;
        }
        if (items.length === 0 || now - store.lastNotificationShownAt < NOTIFICATION_RESHOW_MS) return;
        if (items.some((n) => n.type === 1)) {
          // Due: recorded as shown when the dialog shows, which may be after the member has closed
          // a dialog of their own (a reload before then finds them still due).
          store.replaceNotifications(items);
          useUi.getState().set({ notificationOpen: true });
        } else {
          store.setNotifications(items, now);
        }
      })
      .catch((err: unknown) => console.error('notifications', err));
    return () => {
      cancelled = true;
    };
  }, [hydrated, agentCode, queryClient]);
  return fetched;
}

/**
 * Important announcements (type 1), one slide each (width 400). Due or asked for, the dialog never
 * lands on what the member is doing: it shows once the page's own content is shown and interactive,
 * and only while no other dialog is open (one the member opened, or the login a member page asked
 * for), waiting until that one closes. Only a dialog the server's render opened is on screen at once.
 */
export function NotificationDialog() {
  const fetched = useNotificationRefresh();
  const wanted = useUi((s) => s.notificationOpen);
  const fromServer = useUi((s) => s.noticeFromServer);
  const pageShown = useUi((s) => s.pageShown);
  // The flags of the dialogs and panels a member opens, some of whose code is still loading when
  // asked for, and every other dialog on screen.
  const otherAsked = useUi(
    (s) =>
      s.loginOpen ||
      s.registerOpen ||
      s.depositOpen ||
      s.memberMenuOpen ||
      s.eventOpen ||
      s.promotionOpen ||
      s.drawerOpen ||
      s.selectedGame !== null,
  );
  const otherOpen = useOtherDialogOpen();
  const open = wanted && (fromServer || (pageShown && !otherAsked && !otherOpen));
  const set = useUi((s) => s.set);
  const stored = useLocalData((s) => s.notifications);
  // Opened by the server's render: the list it rendered (the page's data), so hydration matches.
  const all = fromServer ? (fetched ?? []) : stored;
  const markShown = useLocalData((s) => s.markNotificationsShown);
  const important = all.filter((n) => n.type === 1);
  const [index, setIndex] = useState(0);
  const current = important[Math.min(index, important.length - 1)];
  const isLast = index >= important.length - 1;
  // The next slide's picture while this one is read, so moving on shows it at once.
  const nextImage = open ? important[index + 1]?.image : undefined;
  useEffect(() => {
    if (nextImage) preload(nextImage, { as: 'image', fetchPriority: 'low' });
  }, [nextImage]);
  // Waiting, the first slide's picture comes meanwhile, so the dialog shows with it.
  const waitingImage = wanted && !open ? important[0]?.image : undefined;
  useEffect(() => {
    if (waitingImage) preload(waitingImage, { as: 'image', fetchPriority: 'low' });
  }, [waitingImage]);
  // Shown: the 15 minutes start now (a dialog the server opened was recorded as it hydrated).
  useEffect(() => {
    if (open && !fromServer) markShown(Date.now());
  }, [open, fromServer, markShown]);

  function close() {
    markShown(Date.now());
    set({ notificationOpen: false, noticeFromServer: false });
    setIndex(0);
  }

  const title = important.length > 0 ? `ประกาศสำคัญ (${index + 1} / ${important.length})` : 'ประกาศสำคัญ';

  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      width={400}
      yields
      testId="notification-dialog"
      footer={
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={() => (isLast ? close() : setIndex(index + 1))}
        >
          {isLast ? 'ปิด' : 'ถัดไป'}
        </button>
      }
    >
      {current ? (
        // Only a slide the member moved to fades in: the first comes with its dialog (from the server's
        // markup, on screen with the page: a fade from transparent would keep its picture out of the
        // first paint until the scripts had run).
        <article className={index > 0 ? 'notice-slide notice-slide--next' : 'notice-slide'} key={current.id}>
          {current.image && <img className="notice-slide__image" src={current.image} alt="" />}
          <h3 className="notice-slide__title">{current.title}</h3>
          <p className="notice-slide__text">{current.description}</p>
          {important.length > 1 && (
            <div className="dots" aria-hidden="true">
              {important.map((n, i) => (
                <span key={n.id} className={`dots__dot${i === index ? ' is-active' : ''}`} />
              ))}
            </div>
          )}
        </article>
      ) : (
        <p className="empty-text">{NO_NOTIFICATIONS}</p>
      )}
    </Dialog>
  );
}
