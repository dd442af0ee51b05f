import { type LayoutName, layoutNames, type MemberRoute, memberRoutes } from '@chok/contract/layouts';
import { type ComponentType, lazy } from 'react';
import type { RouteObject } from 'react-router';
import { ErrorPage } from '../components/ErrorPage';
import { Layout } from '../layouts/Layout';
import type { PageHandle } from '../lib/page-handle';
import { lazyPage, reloadForStaleChunk } from './lazyPage';
import { Root } from './Root';
import { RouteError } from './RouteError';

interface PageDef {
  title: string;
  load: Parameters<typeof lazyPage>[0];
}

const page = (title: string, load: PageDef['load']): PageDef => ({ title, load });

/**
 * The route table of docs/rules/member-site.md §2: each route's page; its layout comes from the shared
 * table (contract/layouts).
 */
const pages: Record<MemberRoute, PageDef> = {
  '/': page('หน้าแรก', () => import('../pages/Home')),
  '/lotto/lobby': page('ล็อบบี้หวย', () => import('../pages/lotto/Lobby')),
  '/lotto/rates': page('อัตราจ่ายหวย', () => import('../pages/lotto/Rates')),
  '/lotto/results': page('ผลหวย', () => import('../pages/lotto/Results')),
  '/lotto/:round_id?': page('แทงหวย', () => import('../pages/lotto/Round')),
  '/poll/:id?': page('โพลกิจกรรม', () => import('../pages/Poll')),
  '/fair': page('ตรวจสอบความยุติธรรม', () => import('../pages/games/Fair')),
  '/affiliate': page('แนะนำเพื่อน', () => import('../pages/Affiliate')),
  '/cashback': page('คืนยอดเสียรายวัน', () => import('../pages/Cashback')),
  '/checkin': page('เช็คอินรายวัน', () => import('../pages/rewards/Checkin')),
  '/promotions': page('รับโปรโมชั่น', () => import('../pages/promotions/Promotions')),
  '/redeem': page('แลกของรางวัล', () => import('../pages/Redeem')),
  '/sooth': page('สูตรบาคาร่า', () => import('../pages/Sooth')),
  '/winloss': page('ยอดได้เสีย', () => import('../pages/Winloss')),
  '/lotto/bills': page('โพยหวย', () => import('../pages/lotto/Bills')),
  '/member/coupon': page('ใช้คูปอง', () => import('../pages/coupons/Coupon')),
  '/member/creditfree': page('ภารกิจ', () => import('../pages/rewards/Quests')),
  '/member/deposit': page('ฝากเงิน', () => import('../pages/payments/Deposit')),
  '/member/withdraw': page('ถอนเงิน', () => import('../pages/payments/Withdraw')),
  '/member/promotions': page('โปรโมชั่นของฉัน', () => import('../pages/promotions/MemberPromotions')),
  '/member/wheel': page('หมุนกงล้อ', () => import('../pages/Wheel')),
  '/member/winloss': page('คืนยอดได้เสีย', () => import('../pages/MemberWinloss')),
  '/member/profile': page('ข้อมูลส่วนตัว', () => import('../pages/Profile')),
  '/member/statement': page('ประวัติการเงิน', () => import('../pages/Statement')),
  '/member/protection': page('เล่นอย่างรับผิดชอบ', () => import('../pages/Protection')),
  '/login': page('เข้าสู่ระบบ', () => import('../pages/Login')),
  '/register': page('สมัครสมาชิก', () => import('../pages/Register')),
  '/forgot': page('ลืมรหัสผ่าน', () => import('../pages/Forgot')),
  '/login_box': page('เข้าสู่ระบบ', () => import('../pages/Login')),
  '/register_box': page('สมัครสมาชิก', () => import('../pages/Register')),
  '/member/payment': page('ชำระเงิน', () => import('../pages/payments/Payment')),
  // The game page is authorised by its single-use launch token (or a demo token), not the login.
  '/play/:game?': page('เล่นเกม', () => import('../pages/games/Play')),
  '/lobby/:name?': page('ล็อบบี้เกม', () => import('../pages/games/Lobby')),
  '/liff/:name?': page('บริการผ่านไลน์', () => import('../pages/Liff')),
};

/**
 * `login`: member pages, sends a visitor to /; `member`: visitor pages, sends a member to /
 * (docs/rules/member-site.md §6).
 */
const CHECKS: Partial<Record<LayoutName, 'login' | 'member'>> = {
  auth: 'login',
  payment: 'login',
  'no-auth': 'member',
  iframe: 'member',
};

/**
 * What a page route renders while its code loads on the first visit: nothing of its own; the
 * layout above it is already there and shows the page as pending (layouts/Layout.tsx).
 */
const PageCodeLoading = () => null;

/** Each page route's code loader, for hydrating a server-rendered page (`prepareHydration`). */
const pageLoaders = new WeakMap<RouteObject, PageDef['load']>();

function routeObject(path: MemberRoute): RouteObject {
  const { title, load } = pages[path];
  const common = {
    handle: { title } satisfies PageHandle,
    lazy: lazyPage(load),
    hydrateFallbackElement: <PageCodeLoading />,
  };
  const route: RouteObject = path === '/' ? { index: true, ...common } : { path: path.slice(1), ...common };
  pageLoaders.set(route, load);
  return route;
}

/**
 * Before hydrating a server-rendered page (main.tsx): the matched page route's code becomes a
 * React.lazy component, so React hydrates the layout at once and the page (inside its Suspense
 * boundary, layouts/Layout.tsx) as soon as its code, preloaded from the head, has arrived; until
 * then the server's markup stays as it is (its links work; its buttons answer once it is hydrated).
 */
export function prepareHydration(matched: readonly { route: RouteObject }[]): void {
  for (const { route } of matched) {
    const load = pageLoaders.get(route);
    if (!load) continue;
    const Component: ComponentType = lazy(() =>
      load().catch((err: unknown) => {
        if (reloadForStaleChunk()) return new Promise<never>(() => {});
        throw err;
      }),
    );
    Object.assign(route, { Component, lazy: undefined });
  }
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      ...layoutNames.map(
        (name): RouteObject => ({
          element: <Layout name={name} check={CHECKS[name]} />,
          children: (Object.keys(memberRoutes) as MemberRoute[])
            .filter((path) => memberRoutes[path] === name)
            .map(routeObject),
        }),
      ),
      { path: '*', element: <ErrorPage status={404} /> },
    ],
  },
];
