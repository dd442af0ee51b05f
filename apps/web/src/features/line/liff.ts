/**
 * The official LINE LIFF SDK (`@line/liff`), loaded only by the /liff pages and only when the server
 * names a LIFF app (LIFF_ID): the pluggable build (core and the few modules used), imported
 * dynamically so no other page carries it.
 */
export interface LiffSession {
  /** Running inside LINE's in-app browser. */
  inClient: boolean;
  loggedIn: boolean;
  /** The ID token to send to the server (which asks LINE about it); null when not logged in. */
  idToken(): string | null;
  /** LINE Login, coming back to this page. */
  login(): void;
  /** LINE's share-target picker, when this LINE version offers it. */
  share: ((text: string) => Promise<boolean>) | null;
}

let session: Promise<LiffSession> | null = null;

async function load(liffId: string): Promise<LiffSession> {
  const [core, inClient, loggedIn, login, idToken, apiAvailable, picker] = await Promise.all([
    import('@line/liff/core'),
    import('@line/liff/is-in-client'),
    import('@line/liff/is-logged-in'),
    import('@line/liff/login'),
    import('@line/liff/get-id-token'),
    import('@line/liff/is-api-available'),
    import('@line/liff/share-target-picker'),
  ]);
  const liff = core.default;
  liff.use(new inClient.default());
  liff.use(new loggedIn.default());
  liff.use(new login.default());
  liff.use(new idToken.default());
  liff.use(new apiAvailable.default());
  liff.use(new picker.default());
  await liff.init({ liffId });
  const canShare = liff.isApiAvailable('shareTargetPicker');
  return {
    inClient: liff.isInClient(),
    loggedIn: liff.isLoggedIn(),
    idToken: () => liff.getIDToken(),
    login: () => liff.login({ redirectUri: window.location.href }),
    share: canShare
      ? async (text) => {
          const sent = await liff.shareTargetPicker([{ type: 'text', text }]);
          return sent?.status === 'success';
        }
      : null,
  };
}

/** Initialises LIFF once per page load (a failed start may be tried again). */
export function startLiff(liffId: string): Promise<LiffSession> {
  if (!session) {
    session = load(liffId);
    session.catch(() => {
      session = null;
    });
  }
  return session;
}
