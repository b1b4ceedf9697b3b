/**
 * A full page load of another address. The login page is not part of the app (src/login): the app
 * opens it this way, and tests replace `replace` to see where the app went. `leaving` tells the
 * rest of the start not to use up what the next page needs (a flash message).
 */
export const documentNavigation = {
  leaving: false,
  replace(url: string): void {
    this.leaving = true;
    window.location.replace(url);
  },
};
