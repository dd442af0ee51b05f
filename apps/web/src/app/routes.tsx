import type { RouteObject } from 'react-router';
import { ErrorPage } from '../components/ErrorPage';
import { Layout } from '../layouts/Layout';
import type { LayoutName } from '../stores/ui';
import { lazyPage } from './lazyPage';
import { Root } from './Root';
import { RouteError } from './RouteError';

export interface PageHandle {
  title: string;
}

const comingSoon = (path: string, title: string): RouteObject => ({
  path,
  handle: { title } satisfies PageHandle,
  lazy: lazyPage(() => import('../pages/ComingSoon')),
});

const page = (path: string, title: string, load: Parameters<typeof lazyPage>[0]): RouteObject => ({
  path,
  handle: { title } satisfies PageHandle,
  lazy: lazyPage(load),
});

const layout = (name: LayoutName, children: RouteObject[], check?: 'login' | 'member'): RouteObject => ({
  element: <Layout name={name} check={check} />,
  children,
});

/** Spec §2's route table. Features of later issues render the "not open yet" page in their layout. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Root />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <div className="boot" aria-busy="true" />,
    children: [
      layout('default', [
        { index: true, handle: { title: 'หน้าแรก' }, lazy: lazyPage(() => import('../pages/Home')) },
        page('lotto/lobby', 'ล็อบบี้หวย', () => import('../pages/lotto/Lobby')),
        page('lotto/rates', 'อัตราจ่ายหวย', () => import('../pages/lotto/Rates')),
        page('lotto/results', 'ผลหวย', () => import('../pages/lotto/Results')),
        page('lotto/:round_id?', 'แทงหวย', () => import('../pages/lotto/Round')),
        comingSoon('poll/:id?', 'โพลกิจกรรม'),
        page('fair', 'ตรวจสอบความยุติธรรม', () => import('../pages/games/Fair')),
      ]),
      layout(
        'auth',
        [
          comingSoon('affiliate', 'แนะนำเพื่อน'),
          comingSoon('cashback', 'คืนยอดเสียรายวัน'),
          comingSoon('checkin', 'เช็คอินรายวัน'),
          comingSoon('promotions', 'รับโปรโมชั่น'),
          comingSoon('redeem', 'แลกของรางวัล'),
          comingSoon('sooth', 'สูตรบาคาร่า'),
          comingSoon('winloss', 'ยอดได้เสีย'),
          page('lotto/bills', 'โพยหวย', () => import('../pages/lotto/Bills')),
          comingSoon('member/coupon', 'ใช้คูปอง'),
          comingSoon('member/creditfree', 'ภารกิจ'),
          page('member/deposit', 'ฝากเงิน', () => import('../pages/payments/Deposit')),
          page('member/withdraw', 'ถอนเงิน', () => import('../pages/payments/Withdraw')),
          comingSoon('member/promotions', 'โปรโมชั่นของฉัน'),
          comingSoon('member/wheel', 'หมุนกงล้อ'),
          comingSoon('member/winloss', 'คืนยอดได้เสีย'),
          page('member/profile', 'ข้อมูลส่วนตัว', () => import('../pages/Profile')),
          page('member/statement', 'ประวัติการเงิน', () => import('../pages/Statement')),
        ],
        'login',
      ),
      layout(
        'no-auth',
        [
          page('login', 'เข้าสู่ระบบ', () => import('../pages/Login')),
          page('register', 'สมัครสมาชิก', () => import('../pages/Register')),
          page('forgot', 'ลืมรหัสผ่าน', () => import('../pages/Forgot')),
        ],
        'member',
      ),
      layout(
        'iframe',
        [
          page('login_box', 'เข้าสู่ระบบ', () => import('../pages/Login')),
          page('register_box', 'สมัครสมาชิก', () => import('../pages/Register')),
        ],
        'member',
      ),
      layout(
        'payment',
        [page('member/payment', 'ชำระเงิน', () => import('../pages/payments/Payment'))],
        'login',
      ),
      // The game page is authorised by its single-use launch token (or a demo token), not the login.
      layout('game', [page('play/:game?', 'เล่นเกม', () => import('../pages/games/Play'))]),
      layout('lobby', [page('lobby/:name?', 'ล็อบบี้เกม', () => import('../pages/games/Lobby'))]),
      layout('liff', [comingSoon('liff/:name?', 'LINE')]),
      { path: '*', element: <ErrorPage status={404} /> },
    ],
  },
];
