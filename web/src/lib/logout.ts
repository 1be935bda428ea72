import { clearSession } from './session';

let navigateTo: (to: string) => void = (to) => location.assign(to);

/** Installed by the app so that logout navigates inside the SPA. */
export function setNavigator(fn: (to: string) => void) {
  navigateTo = fn;
}

/** Explicit logout or a second 401: clear every field and cookie, then go to /user/logIn. */
export function logout(): void {
  clearSession();
  navigateTo('/user/logIn');
}
