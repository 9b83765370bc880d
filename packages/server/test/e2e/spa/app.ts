// The single-page app of oidc-client-ts's end-to-end test (rp-apps.ts bundles it with esbuild,
// which sets the issuer and client id): `/` starts the sign-in, `/callback` shows the user.
import { UserManager } from 'oidc-client-ts';

declare const SVC_ISSUER: string;
declare const SVC_CLIENT_ID: string;

const manager = new UserManager({
  authority: SVC_ISSUER,
  client_id: SVC_CLIENT_ID,
  redirect_uri: `${location.origin}/callback`,
  scope: 'openid profile',
  loadUserInfo: true,
});
const out = document.getElementById('out') as HTMLElement;
if (location.pathname === '/callback')
  manager.signinRedirectCallback().then(
    (user) => {
      out.textContent = JSON.stringify(user.profile);
    },
    (err: unknown) => {
      out.textContent = `error: ${err instanceof Error ? err.message : String(err)}`;
    },
  );
else void manager.signinRedirect();
