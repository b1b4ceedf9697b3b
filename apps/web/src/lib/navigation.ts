/**
 * A full page load of another address. The login page and the Home page are not part of the app
 * (src/login, src/home): the app opens them this way, and tests replace `replace` and `assign` to
 * see where the app went. `leaving` tells the rest of the start not to use up what the next page
 * needs (a flash message).
 */
export const documentNavigation = {
  leaving: false,
  /** In place of the current entry (the login page: back does not return to where it sent from). */
  replace(url: string): void {
    this.leaving = true;
    window.location.replace(url);
  },
  /** As a new entry (Home, from a tab: back returns to the screen left). */
  assign(url: string): void {
    this.leaving = true;
    window.location.assign(url);
  },
};
